/**
 * Finding a target's protected resource metadata the way an MCP client does (MCP 2025-11-25
 * Authorization §Protected Resource Metadata Discovery Requirements): the URL of the 401's
 * `resource_metadata` when present, else the path-suffixed well-known URI, then the root one
 * (RFC 9728 §3.1).
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord } from '../../session/json-rpc.js';
import { getDocument, unauthenticatedAnswer } from './probe.js';
import { bearerChallenge } from './www-authenticate.js';

/** The well-known path segment of RFC 9728 §3. */
const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** Where a metadata document was found. */
export type MetadataSource = 'challenge' | 'path' | 'root';

/** A metadata document found, or why none was. */
export type DiscoveredMetadata =
  | {
      readonly url: string;
      readonly source: MetadataSource;
      readonly document: Readonly<Record<string, unknown>> | undefined;
      readonly problem: string | undefined;
    }
  | { readonly missing: string };

/** The well-known URIs of an endpoint, path-suffixed first, then the root one. */
export function wellKnownUris(endpoint: string): { path: string; root: string } {
  const url = new URL(endpoint);
  const path = url.pathname.replace(/\/+$/u, '');
  return { path: `${url.origin}${WELL_KNOWN}${path}`, root: `${url.origin}${WELL_KNOWN}` };
}

/** The target's metadata document, discovered once per target and era. */
export function discoveredMetadata(context: CheckContext): Promise<DiscoveredMetadata> {
  return context.memo('mcp-auth:metadata', () => discover(context));
}

async function discover(context: CheckContext): Promise<DiscoveredMetadata> {
  const endpoint = context.target.url;
  if (endpoint === undefined) return { missing: 'the target has no HTTP endpoint' };
  const challenge = bearerChallenge((await unauthenticatedAnswer(context)).wwwAuthenticate);
  const pointed = challenge?.params.resource_metadata;
  if (pointed !== undefined) return read(context, pointed, 'challenge');
  const { path, root } = wellKnownUris(endpoint);
  const tried: string[] = [];
  for (const [url, source] of [
    [path, 'path'],
    [root, 'root'],
  ] as const) {
    const answer = await getDocument(context, url);
    if (answer.status === 200) return parsed(url, source, answer.body);
    tried.push(`${url} answers HTTP ${answer.status}`);
  }
  return { missing: `no resource_metadata on the 401 challenge, and ${tried.join(', ')}` };
}

async function read(
  context: CheckContext,
  url: string,
  source: MetadataSource,
): Promise<DiscoveredMetadata> {
  let answer: Awaited<ReturnType<typeof getDocument>>;
  try {
    answer = await getDocument(context, url);
  } catch (error) {
    return { url, source, document: undefined, problem: `cannot fetch ${url}: ${String(error)}` };
  }
  if (answer.status !== 200) {
    return { url, source, document: undefined, problem: `${url} answers HTTP ${answer.status}` };
  }
  return parsed(url, source, answer.body);
}

function parsed(url: string, source: MetadataSource, body: string): DiscoveredMetadata {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { url, source, document: undefined, problem: `${url} is not JSON` };
  }
  return isRecord(value)
    ? { url, source, document: value, problem: undefined }
    : { url, source, document: undefined, problem: `${url} is not a JSON object` };
}
