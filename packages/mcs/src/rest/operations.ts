/**
 * Turns the operations of an OpenAPI document into functions, and remembers how each
 * argument maps back to a path, query, header or cookie parameter or to the request body.
 *
 * @module
 */

import type { FunctionDefinition } from '../function-definition.js';
import type { LoadedDocument, OpenApiVersion } from './load-document.js';
import type { HttpMethod } from './rest-options.js';
import { normalizeSchema, type SchemaChange, swaggerParameterSchema } from './schema-normalize.js';

type Json = Record<string, unknown>;

/** Where a non-body parameter goes in the request. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** How one argument maps to a parameter of the request. */
export interface ParameterMapping {
  /** The argument's key in the call. */
  key: string;
  /** The parameter's name in the request. */
  name: string;
  /** Where the parameter goes. */
  location: ParameterLocation;
  /** OpenAPI 3 `style` (`form`, `simple`, `deepObject`, ...), when set. */
  style?: string;
  /** OpenAPI 3 `explode`, when set. */
  explode?: boolean;
  /** Swagger 2 `collectionFormat` (`csv`, `multi`, ...), when set. */
  collectionFormat?: string;
}

/** How the `body` argument becomes the request body. */
export interface BodyMapping {
  /** The argument's key in the call: `body`. */
  key: string;
  /** The media type sent. */
  mediaType: string;
}

/** One operation of the document, as a function and a request template. */
export interface RestOperation {
  /** The function name: the `operationId` with unsafe characters replaced, or `method_path`. */
  name: string;
  /** The HTTP method. */
  method: HttpMethod;
  /** The path template, such as `/books/{bookId}`. */
  path: string;
  /** A server URL of the operation or its path item (OpenAPI 3), overriding the document's. */
  serverUrl?: string;
  /** The non-body parameters. */
  parameters: ParameterMapping[];
  /** The body, when the operation takes one. */
  body?: BodyMapping;
  /** The function a model calls. */
  definition: FunctionDefinition;
  /** The operation's tags, in document order. */
  tags: string[];
  /**
   * The constraints of the document's schemas that the arguments schema could not keep (a
   * `pattern` no JavaScript engine reads), with JSON pointers into `definition.parameters`.
   */
  schemaChanges: SchemaChange[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Media types for a request body, most preferred first; `+json` types count as JSON. */
const BODY_MEDIA_PREFERENCE = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
  'application/octet-stream',
];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sanitizeName(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return name.slice(0, 64) || 'operation';
}

function generatedName(method: string, path: string): string {
  const segments = path
    .split('/')
    .map((segment) => segment.replace(/[{}]/g, ''))
    .filter((segment) => segment !== '');
  return sanitizeName(`${method}_${segments.length === 0 ? 'root' : segments.join('_')}`);
}

function pickMediaType(mediaTypes: readonly string[]): string | undefined {
  const lowered = mediaTypes.map((type) => type.toLowerCase());
  for (const preferred of BODY_MEDIA_PREFERENCE) {
    const index = lowered.findIndex(
      (type) => type === preferred || (preferred === 'application/json' && type.endsWith('+json')),
    );
    if (index !== -1) return mediaTypes[index];
  }
  return mediaTypes[0];
}

function describe(operation: Json): string | undefined {
  const parts = [operation.summary, operation.description]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim());
  const unique = [...new Set(parts)];
  if (operation.deprecated === true) unique.push('Deprecated.');
  return unique.length === 0 ? undefined : unique.join('\n\n');
}

function withDescription(schema: Json, description: unknown): Json {
  return typeof description === 'string' && description.trim() !== ''
    ? { ...schema, description: description.trim() }
    : schema;
}

/** Merges path-level and operation-level parameters; the operation's win by name and location. */
function mergeParameters(pathItem: Json, operation: Json): Json[] {
  const merged = new Map<string, Json>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (
        isObject(parameter) &&
        typeof parameter.name === 'string' &&
        typeof parameter.in === 'string'
      ) {
        merged.set(`${parameter.in}\u0000${parameter.name}`, parameter);
      }
    }
  }
  return [...merged.values()];
}

function firstServerUrl(value: unknown): string | undefined {
  if (!Array.isArray(value) || !isObject(value[0]) || typeof value[0].url !== 'string')
    return undefined;
  return value[0].url;
}

/**
 * Lists the document's operations, in path order and then in the method order of the
 * specification (get, put, post, delete, options, head, patch, trace).
 *
 * Each operation's arguments object has one property per parameter (keyed by its name, or
 * `location.name` when two locations share a name) and a `body` property for the request body
 * (OpenAPI 3 `requestBody`, Swagger 2 `in: body`, or Swagger 2 `formData` fields gathered into
 * one object). Path parameters are always required. Unknown arguments are refused
 * (`additionalProperties: false`), so a misspelt argument gets a retry prompt, not a silent drop.
 * Names that repeat after sanitizing get `_2`, `_3`, ... in this order.
 */
export function extractOperations(document: LoadedDocument): RestOperation[] {
  const { dereferenced, version } = document;
  const paths = isObject(dereferenced.paths) ? dereferenced.paths : {};
  const operations: RestOperation[] = [];
  const taken = new Set<string>();
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const base =
        typeof operation.operationId === 'string' && operation.operationId.trim() !== ''
          ? sanitizeName(operation.operationId)
          : generatedName(method, path);
      let name = base;
      for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}_${suffix}`;
      taken.add(name);
      const serverUrl =
        version === '2.0'
          ? undefined
          : (firstServerUrl(operation.servers) ?? firstServerUrl(pathItem.servers));
      operations.push({
        ...buildOperation(
          name,
          method,
          path,
          mergeParameters(pathItem, operation),
          operation,
          document,
        ),
        ...(serverUrl === undefined ? {} : { serverUrl }),
      });
    }
  }
  return operations;
}

function buildOperation(
  name: string,
  method: (typeof METHODS)[number],
  path: string,
  parameters: readonly Json[],
  operation: Json,
  document: LoadedDocument,
): RestOperation {
  const { version } = document;
  const properties: [string, Json][] = [];
  const required: string[] = [];
  const mappings: ParameterMapping[] = [];
  const usedKeys = new Set<string>(['body']);
  const formFields: Json[] = [];
  let body: BodyMapping | undefined;
  let bodySchema: Json | undefined;
  let bodyRequired = false;
  const changes: SchemaChange[] = [];
  for (const parameter of parameters) {
    const location = parameter.in as string;
    const parameterName = parameter.name as string;
    if (location === 'body') {
      body = {
        key: 'body',
        mediaType: swaggerConsumes(operation, document.dereferenced, 'application/json'),
      };
      bodySchema = withDescription(
        normalizeSchema(parameter.schema, version, changes, '/properties/body'),
        parameter.description,
      );
      bodyRequired = parameter.required === true;
      continue;
    }
    if (location === 'formData') {
      formFields.push(parameter);
      continue;
    }
    if (
      location !== 'path' &&
      location !== 'query' &&
      location !== 'header' &&
      location !== 'cookie'
    )
      continue;
    const key = usedKeys.has(parameterName) ? `${location}.${parameterName}` : parameterName;
    usedKeys.add(key);
    const pointer = `/properties/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    const schema =
      version === '2.0'
        ? swaggerParameterSchema(parameter, changes, pointer)
        : parameterSchema(parameter, version, changes, pointer);
    properties.push([key, withDescription(schema, parameter.description)]);
    if (location === 'path' || parameter.required === true) required.push(key);
    mappings.push({
      key,
      name: parameterName,
      location,
      ...(typeof parameter.style === 'string' ? { style: parameter.style } : {}),
      ...(typeof parameter.explode === 'boolean' ? { explode: parameter.explode } : {}),
      ...(typeof parameter.collectionFormat === 'string'
        ? { collectionFormat: parameter.collectionFormat }
        : {}),
    });
  }
  if (formFields.length > 0) {
    const declared = swaggerConsumes(operation, document.dereferenced, '');
    const multipart =
      declared === 'multipart/form-data' || formFields.some((field) => field.type === 'file');
    body = {
      key: 'body',
      mediaType: multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
    };
    bodySchema = {
      type: 'object',
      properties: Object.fromEntries(
        formFields.map((field) => [
          field.name as string,
          withDescription(
            swaggerParameterSchema(field, changes, `/properties/body/properties/${field.name}`),
            field.description,
          ),
        ]),
      ),
      required: formFields
        .filter((field) => field.required === true)
        .map((field) => field.name as string),
    };
    bodyRequired = formFields.some((field) => field.required === true);
  }
  const requestBody = operation.requestBody;
  if (version !== '2.0' && isObject(requestBody) && isObject(requestBody.content)) {
    const mediaType = pickMediaType(Object.keys(requestBody.content));
    if (mediaType !== undefined) {
      const media = requestBody.content[mediaType];
      body = { key: 'body', mediaType };
      bodySchema = withDescription(
        normalizeSchema(
          isObject(media) ? media.schema : undefined,
          version,
          changes,
          '/properties/body',
        ),
        requestBody.description,
      );
      bodyRequired = requestBody.required === true;
    }
  }
  if (body !== undefined && bodySchema !== undefined) {
    properties.push(['body', bodySchema]);
    if (bodyRequired) required.push('body');
  }
  const parametersSchema: Json = {
    type: 'object',
    properties: Object.fromEntries(properties),
    required,
    additionalProperties: false,
  };
  const description = describe(operation);
  const definition: FunctionDefinition = {
    name,
    parameters: parametersSchema,
    ...(description === undefined ? {} : { description }),
    ...(version === '3.1' ? { dialect: '2020-12' as const } : {}),
  };
  return {
    name,
    method: method.toUpperCase() as HttpMethod,
    path,
    parameters: mappings,
    ...(body === undefined ? {} : { body }),
    definition,
    tags: Array.isArray(operation.tags)
      ? operation.tags.filter((tag): tag is string => typeof tag === 'string')
      : [],
    schemaChanges: changes,
  };
}

function parameterSchema(
  parameter: Json,
  version: OpenApiVersion,
  changes: SchemaChange[],
  pointer: string,
): Json {
  if (isObject(parameter.schema))
    return normalizeSchema(parameter.schema, version, changes, pointer);
  if (isObject(parameter.content)) {
    const first = Object.values(parameter.content)[0];
    if (isObject(first)) return normalizeSchema(first.schema, version, changes, pointer);
  }
  return {};
}

function swaggerConsumes(operation: Json, document: Json, fallback: string): string {
  const consumes = Array.isArray(operation.consumes) ? operation.consumes : document.consumes;
  const types = Array.isArray(consumes)
    ? consumes.filter((type): type is string => typeof type === 'string')
    : [];
  return pickMediaType(types) ?? fallback;
}
