/**
 * Maps a validated call onto an HTTP request: path, query, header and cookie parameters,
 * the body in its media type, and the configured auth.
 *
 * @module
 */

import { McsError } from '../errors.js';
import type { BodyMapping, ParameterMapping, RestOperation } from './operations.js';
import type { HttpMethod, RestAuth } from './rest-options.js';

/** A request ready for `fetch`. */
export interface HttpRequest {
  /** The method. */
  method: HttpMethod;
  /** The full URL, query included. */
  url: URL;
  /** The headers, auth included. */
  headers: Headers;
  /** The body, when there is one. */
  body?: string | URLSearchParams | FormData;
}

/** What {@link buildRequest} needs besides the operation and the arguments. */
export interface BuildRequestOptions {
  /** The base URL paths are appended to. */
  baseUrl: string;
  /** Credentials to add. */
  auth: RestAuth | undefined;
  /** Headers sent with every request. */
  headers: Readonly<Record<string, string>>;
}

const COLLECTION_SEPARATORS: Readonly<Record<string, string>> = {
  csv: ',',
  ssv: ' ',
  tsv: '\t',
  pipes: '|',
  spaceDelimited: ' ',
  pipeDelimited: '|',
};

function scalar(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Query pairs for one argument, following OpenAPI 3 `style`/`explode` or Swagger 2 `collectionFormat`. */
function queryPairs(mapping: ParameterMapping, value: unknown): [string, string][] {
  if (Array.isArray(value)) {
    const multi =
      mapping.collectionFormat === 'multi' ||
      (mapping.collectionFormat === undefined &&
        (mapping.style ?? 'form') === 'form' &&
        mapping.explode !== false);
    if (multi) return value.map((item) => [mapping.name, scalar(item)]);
    const separator =
      COLLECTION_SEPARATORS[mapping.collectionFormat ?? mapping.style ?? 'csv'] ?? ',';
    return [[mapping.name, value.map(scalar).join(separator)]];
  }
  if (isObject(value)) {
    if (mapping.style === 'deepObject') {
      return Object.entries(value).map(([key, item]) => [`${mapping.name}[${key}]`, scalar(item)]);
    }
    if ((mapping.style ?? 'form') === 'form' && mapping.explode !== false) {
      return Object.entries(value).map(([key, item]) => [key, scalar(item)]);
    }
    return [[mapping.name, Object.entries(value).flat().map(scalar).join(',')]];
  }
  return [[mapping.name, scalar(value)]];
}

function simpleValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  return scalar(value);
}

function encodeBody(
  mapping: BodyMapping,
  value: unknown,
): { body: string | URLSearchParams | FormData; contentType?: string } {
  const mediaType = mapping.mediaType.toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    for (const [key, item] of Object.entries(isObject(value) ? value : {})) {
      for (const entry of Array.isArray(item) ? item : [item]) form.append(key, scalar(entry));
    }
    return { body: form };
  }
  if (mediaType === 'multipart/form-data') {
    const form = new FormData();
    for (const [key, item] of Object.entries(isObject(value) ? value : {})) {
      for (const entry of Array.isArray(item) ? item : [item]) form.append(key, scalar(entry));
    }
    return { body: form };
  }
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    return { body: JSON.stringify(value), contentType: mapping.mediaType };
  }
  return { body: scalar(value), contentType: mapping.mediaType };
}

/**
 * Builds the request for a call of `operation` with validated `argumentsValue`.
 *
 * Path parameters are percent-encoded (arrays joined with commas); query parameters follow
 * `style`/`explode` (OpenAPI 3, default `form` exploded) or `collectionFormat` (Swagger 2,
 * default `csv`), with `deepObject` support; headers and cookies take the simple form. The
 * body is JSON, `application/x-www-form-urlencoded`, `multipart/form-data` or text, as the
 * operation declares. Auth is added last, so a configured header never overrides it.
 *
 * @throws McsError `CALL_INVALID` when a path parameter is `.` or `..`, which the URL parser
 *   would resolve to another path.
 */
export function buildRequest(
  operation: RestOperation,
  argumentsValue: Readonly<Record<string, unknown>>,
  options: BuildRequestOptions,
): HttpRequest {
  let path = operation.path;
  const query: [string, string][] = [];
  const headers = new Headers(options.headers);
  const cookies: string[] = [];
  for (const mapping of operation.parameters) {
    const value = argumentsValue[mapping.key];
    if (value === undefined || value === null) continue;
    switch (mapping.location) {
      case 'path':
        path = path.replaceAll(`{${mapping.name}}`, encodeURIComponent(simpleValue(value)));
        break;
      case 'query':
        query.push(...queryPairs(mapping, value));
        break;
      case 'header':
        headers.set(mapping.name, simpleValue(value));
        break;
      case 'cookie':
        cookies.push(`${mapping.name}=${encodeURIComponent(simpleValue(value))}`);
        break;
    }
  }
  if (path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) {
    throw new McsError({
      code: 'CALL_INVALID',
      message: `a path parameter of ${operation.name} may not be "." or ".."`,
    });
  }
  const url = new URL(
    `${options.baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`,
  );
  for (const [name, value] of query) url.searchParams.append(name, value);
  const request: HttpRequest = { method: operation.method, url, headers };
  if (operation.body !== undefined && argumentsValue[operation.body.key] !== undefined) {
    const encoded = encodeBody(operation.body, argumentsValue[operation.body.key]);
    request.body = encoded.body;
    if (encoded.contentType !== undefined) headers.set('content-type', encoded.contentType);
  }
  const auth = options.auth;
  if (auth?.type === 'bearer') headers.set('authorization', `Bearer ${auth.token}`);
  if (auth?.type === 'basic') {
    const token = Buffer.from(`${auth.username}:${auth.password}`).toString('base64');
    headers.set('authorization', `Basic ${token}`);
  }
  if (auth?.type === 'apiKey') {
    if (auth.in === 'header') headers.set(auth.name, auth.value);
    if (auth.in === 'query') url.searchParams.set(auth.name, auth.value);
    if (auth.in === 'cookie') cookies.push(`${auth.name}=${encodeURIComponent(auth.value)}`);
  }
  if (cookies.length > 0) {
    const existing = headers.get('cookie');
    headers.set(
      'cookie',
      [existing, ...cookies].filter((part) => part !== null && part !== '').join('; '),
    );
  }
  return request;
}
