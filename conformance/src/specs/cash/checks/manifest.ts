/**
 * Checks of the manifest (cash-rfc §5.5) and the `cash://server` resource (§5.6).
 *
 * @module
 */

import { isDeepStrictEqual } from 'node:util';
import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import { parseJsonObject } from '../help-listing.js';
import {
  MANIFEST_PATH,
  manifestProblems,
  parseManifestYaml,
  SERVER_RESOURCE_URI,
  serverResource,
  wellKnownManifest,
} from '../manifest.js';

const STDIO = `a stdio target has no ${MANIFEST_PATH} (check it over --url)`;

/** The media type of a Content-Type header, lowercase. */
function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** GET of the well-known URL answers the manifest. */
export const manifestPublishedCheck: Check = {
  requirement: 'cash.5.5.manifest-published',
  definedIn: import.meta.url,
  async run(context) {
    const manifest = await wellKnownManifest(context);
    if (manifest === undefined) return notApplicable(STDIO);
    if (manifest.status !== 200) return fail(`GET ${manifest.url} answered ${manifest.status}`);
    return manifest.body.trim() === ''
      ? fail(`GET ${manifest.url} answered an empty body`)
      : pass(`GET ${MANIFEST_PATH} answers ${manifest.body.length} characters`);
  },
};

/** The well-known manifest is application/yaml. */
export const manifestContentTypeCheck: Check = {
  requirement: 'cash.5.5.manifest-content-type',
  definedIn: import.meta.url,
  async run(context) {
    const manifest = await wellKnownManifest(context);
    if (manifest === undefined) return notApplicable(STDIO);
    if (manifest.status !== 200) {
      return skip(`${MANIFEST_PATH} is not published (see cash.5.5.manifest-published)`);
    }
    const type = mediaType(manifest.contentType);
    return type === 'application/yaml'
      ? pass(`${MANIFEST_PATH} is served as ${manifest.contentType}`)
      : fail(`${MANIFEST_PATH} is served as "${manifest.contentType}", not application/yaml`);
  },
};

/** The manifest as each source publishes it, or why a source does not count. */
async function manifestSources(context: CheckContext): Promise<{ name: string; value: unknown }[]> {
  const sources: { name: string; value: unknown }[] = [];
  const wellKnown = await wellKnownManifest(context);
  if (wellKnown?.status === 200) {
    const parsed = parseManifestYaml(wellKnown.body);
    sources.push({
      name: MANIFEST_PATH,
      value: 'value' in parsed ? parsed.value : `not YAML: ${parsed.error}`,
    });
  }
  const resource = await serverResource(context);
  const json = resource.text === undefined ? undefined : parseJsonObject(resource.text);
  if (json !== undefined) sources.push({ name: SERVER_RESOURCE_URI, value: json });
  return sources;
}

/** The manifest has the required fields. */
export const manifestSchemaCheck: Check = {
  requirement: 'cash.5.5.manifest-schema',
  definedIn: import.meta.url,
  async run(context) {
    const sources = await manifestSources(context);
    if (sources.length === 0)
      return skip(`neither ${MANIFEST_PATH} nor ${SERVER_RESOURCE_URI} is served as a manifest`);
    const problems = sources.flatMap(({ name, value }) =>
      typeof value === 'string'
        ? [`${name}: ${value}`]
        : manifestProblems(value).map((problem) => `${name}: ${problem}`),
    );
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`the manifest is valid (${sources.map((source) => source.name).join(', ')})`);
  },
};

/** cash://server is listed and readable. */
export const serverResourceCheck: Check = {
  requirement: 'cash.5.6.server-resource',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await serverResource(context);
    if (!resource.listed) return fail(`resources/list has no ${SERVER_RESOURCE_URI}`);
    return resource.error === undefined
      ? pass(`${SERVER_RESOURCE_URI} is listed and readable`)
      : fail(`reading ${SERVER_RESOURCE_URI} failed: ${resource.error}`);
  },
};

/** The top-level key where two manifests differ first. */
function firstDifference(left: unknown, right: unknown): string {
  const keys = new Set([
    ...Object.keys(left as Record<string, unknown>),
    ...Object.keys(right as Record<string, unknown>),
  ]);
  for (const key of [...keys].sort()) {
    if (
      !isDeepStrictEqual(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
      )
    ) {
      return key;
    }
  }
  return '(none)';
}

/** cash://server is the manifest in JSON. */
export const serverResourceJsonCheck: Check = {
  requirement: 'cash.5.6.server-resource-json',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await serverResource(context);
    if (resource.text === undefined) {
      return skip(`${SERVER_RESOURCE_URI} is not served (see cash.5.6.server-resource)`);
    }
    const json = parseJsonObject(resource.text);
    if (json === undefined)
      return fail(`${SERVER_RESOURCE_URI} is not a JSON object: ${resource.text.slice(0, 80)}`);
    const problems: string[] = [];
    if (resource.mimeType !== undefined && mediaType(resource.mimeType) !== 'application/json') {
      problems.push(`${SERVER_RESOURCE_URI} has the MIME type ${resource.mimeType}`);
    }
    const wellKnown = await wellKnownManifest(context);
    if (wellKnown?.status === 200) {
      const parsed = parseManifestYaml(wellKnown.body);
      if ('value' in parsed && !isDeepStrictEqual(parsed.value, json)) {
        problems.push(
          `${SERVER_RESOURCE_URI} differs from ${MANIFEST_PATH} at "${firstDifference(parsed.value ?? {}, json)}"`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${SERVER_RESOURCE_URI} is the manifest in JSON`);
  },
};
