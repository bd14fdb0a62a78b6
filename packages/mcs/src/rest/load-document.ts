/**
 * Loads an OpenAPI 3.x or Swagger 2 document from a file, a URL or an object, with
 * `@readme/openapi-parser` (pure JavaScript, JSON and YAML, Node 20).
 *
 * @module
 */

import { resolve } from 'node:path';
import { bundle, dereference, validate } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { McsError } from '../errors.js';

/** Where a document comes from: a file path, an http(s) URL, or the document itself. */
export type OpenApiSource = string | URL | Record<string, unknown>;

/** The versions of the document formats the REST driver reads. */
export type OpenApiVersion = '2.0' | '3.0' | '3.1';

/** A loaded document, in the two forms the driver needs. */
export interface LoadedDocument {
  /** One document with its internal `$ref`s kept: what the `openapi` description shows. */
  bundled: Record<string, unknown>;
  /** The same with every `$ref` replaced (circular ones are left as `$ref`): what calls use. */
  dereferenced: Record<string, unknown>;
  /** The format version. */
  version: OpenApiVersion;
  /** The URL it was loaded from, to resolve a relative server URL; absent for files and objects. */
  sourceUrl: URL | undefined;
  /**
   * Why the document fails its format's schema, one line per problem, when it was validated,
   * failed, and was read anyway (`strict: false`); absent otherwise.
   */
  validationProblems?: string[];
}

/** What {@link loadOpenApiDocument} takes besides the source. */
export interface LoadDocumentOptions {
  /** Validate against the OpenAPI/Swagger schema. */
  validate: boolean;
  /**
   * Refuse a document that fails validation (the default); when false, read it anyway and
   * list the problems in {@link LoadedDocument.validationProblems}.
   */
  strict?: boolean;
  /** Bounds each HTTP fetch of the document and its external references. */
  timeoutMs: number;
  /** The largest document fetched from a URL, in bytes. */
  maxBytes: number;
  /** The fetch function for a URL source. */
  fetch: typeof fetch;
}

type ApiDocument = Parameters<typeof bundle>[0];

function documentVersion(document: Record<string, unknown>): OpenApiVersion | undefined {
  if (document.swagger === '2.0') return '2.0';
  if (typeof document.openapi === 'string') {
    if (document.openapi.startsWith('3.0')) return '3.0';
    if (document.openapi.startsWith('3.1')) return '3.1';
  }
  return undefined;
}

function firstLine(text: string): string {
  return (text.split('\n').find((line) => line.trim() !== '') ?? text).trim();
}

function invalid(message: string, cause?: unknown): McsError {
  return new McsError({
    code: 'DOCUMENT_INVALID',
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Fetches a document from a URL and parses it as JSON, or as YAML when it is not JSON.
 *
 * The driver fetches the URL itself, as configured, because the parser's resolver refuses
 * loopback and private addresses (its guard against server-side request forgery), which would
 * rule out a local API. That guard still applies to external `$ref`s inside the document.
 */
async function fetchDocument(
  url: URL,
  options: LoadDocumentOptions,
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const buffer = await response.arrayBuffer();
    if (buffer.byteLength > options.maxBytes)
      throw new Error(`larger than ${options.maxBytes} bytes`);
    text = new TextDecoder().decode(buffer);
  } catch (error) {
    throw invalid(
      `the OpenAPI document at ${url.origin}${url.pathname} could not be fetched: ${firstLine(error instanceof Error ? error.message : String(error))}`,
      error,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      value = parseYaml(text);
    } catch (error) {
      throw invalid('the OpenAPI document is neither JSON nor YAML', error);
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('the OpenAPI document is not an object');
  }
  return value as Record<string, unknown>;
}

/**
 * Loads, optionally validates, bundles and dereferences a document.
 *
 * A string that starts with `http://` or `https://` is a URL, fetched by the driver (see
 * `fetchDocument`); any other string is a file path. An object is cloned first, so the
 * caller's copy is never changed.
 *
 * @throws McsError `DOCUMENT_INVALID` when the document cannot be read, is not OpenAPI 3.0,
 *   3.1 or Swagger 2.0, or fails validation under `strict` (the message gives the first problem).
 */
export async function loadOpenApiDocument(
  source: OpenApiSource,
  options: LoadDocumentOptions,
): Promise<LoadedDocument> {
  let input: string | ApiDocument;
  let sourceUrl: URL | undefined;
  if (source instanceof URL || (typeof source === 'string' && /^https?:\/\//i.test(source))) {
    sourceUrl = new URL(source);
    input = (await fetchDocument(sourceUrl, options)) as unknown as ApiDocument;
  } else if (typeof source === 'string') {
    input = resolve(source);
  } else {
    input = structuredClone(source) as unknown as ApiDocument;
  }
  const parserOptions = {
    resolve: { http: { timeout: options.timeoutMs } },
    dereference: { circular: 'ignore' as const },
  };
  let bundled: Record<string, unknown>;
  try {
    bundled = (await bundle(input, parserOptions)) as unknown as Record<string, unknown>;
  } catch (error) {
    throw invalid(
      `the OpenAPI document could not be read: ${firstLine(error instanceof Error ? error.message : String(error))}`,
      error,
    );
  }
  const version = documentVersion(bundled);
  if (version === undefined) {
    throw invalid('the document is neither OpenAPI 3.0, OpenAPI 3.1 nor Swagger 2.0');
  }
  let validationProblems: string[] | undefined;
  if (options.validate) {
    const result = await validate(
      structuredClone(bundled) as unknown as ApiDocument,
      parserOptions,
    );
    if (!result.valid) {
      const first = result.errors[0]?.message ?? 'unknown problem';
      if (options.strict !== false) {
        throw invalid(`the OpenAPI document is invalid: ${firstLine(first)}`);
      }
      validationProblems = result.errors.map((error) => firstLine(error.message));
      if (validationProblems.length === 0) validationProblems.push(firstLine(first));
    }
  }
  let dereferenced: Record<string, unknown>;
  try {
    dereferenced = (await dereference(
      structuredClone(bundled) as unknown as ApiDocument,
      parserOptions,
    )) as unknown as Record<string, unknown>;
  } catch (error) {
    throw invalid(
      `the OpenAPI document could not be dereferenced: ${firstLine(error instanceof Error ? error.message : String(error))}`,
      error,
    );
  }
  return {
    bundled,
    dereferenced,
    version,
    sourceUrl,
    ...(validationProblems === undefined ? {} : { validationProblems }),
  };
}
