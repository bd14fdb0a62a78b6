/**
 * Finds the base URL of an API from its document, or from the configuration that overrides it.
 *
 * @module
 */

import { McsError } from '../errors.js';
import type { LoadedDocument } from './load-document.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills `{variable}`s of an OpenAPI 3 server URL with their defaults. */
function applyVariables(url: string, variables: unknown): string {
  if (!isObject(variables)) return url;
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
}

/**
 * Makes a server URL absolute: a relative one is resolved against the URL the document was
 * loaded from.
 *
 * @throws McsError `CONFIG_INVALID` when it is relative and the document came from a file or an object.
 */
export function absoluteServerUrl(url: string, document: LoadedDocument): string {
  if (/^https?:\/\//i.test(url)) return url.replace(/\/+$/, '');
  if (document.sourceUrl !== undefined)
    return new URL(url, document.sourceUrl).href.replace(/\/+$/, '');
  throw new McsError({
    code: 'CONFIG_INVALID',
    message: `the document's server URL ${JSON.stringify(url)} is relative and the document was not loaded from a URL; set baseUrl`,
  });
}

/**
 * The base URL requests go to: the `baseUrl` option when set; else OpenAPI 3 `servers[0]`
 * (variables at their defaults) or Swagger 2 `schemes[0]://host basePath`, relative parts
 * resolved against the document's URL.
 *
 * @throws McsError `CONFIG_INVALID` when no absolute URL can be found.
 */
export function resolveBaseUrl(document: LoadedDocument, override: string | undefined): string {
  if (override !== undefined) return override.replace(/\/+$/, '');
  const { bundled } = document;
  if (document.version === '2.0') {
    const basePath = typeof bundled.basePath === 'string' ? bundled.basePath : '';
    if (typeof bundled.host === 'string') {
      const scheme =
        Array.isArray(bundled.schemes) && typeof bundled.schemes[0] === 'string'
          ? bundled.schemes[0]
          : 'https';
      return `${scheme}://${bundled.host}${basePath}`.replace(/\/+$/, '');
    }
    return absoluteServerUrl(basePath === '' ? '/' : basePath, document);
  }
  const first = Array.isArray(bundled.servers) ? bundled.servers[0] : undefined;
  if (isObject(first) && typeof first.url === 'string') {
    return absoluteServerUrl(applyVariables(first.url, first.variables), document);
  }
  return absoluteServerUrl('/', document);
}
