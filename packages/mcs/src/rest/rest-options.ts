/**
 * The configuration of the REST driver (mcs §4): endpoint, auth, runtime hints, description.
 *
 * @module
 */

import { z } from 'zod';

/** The HTTP methods an OpenAPI operation can have. */
export const HttpMethodSchema = z.literal([
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
]);

/** An HTTP method an OpenAPI operation can have. */
export type HttpMethod = z.infer<typeof HttpMethodSchema>;

/**
 * Credentials sent with every request (mcs §4, "Auth / security"). Secrets never appear in
 * errors, results or descriptions.
 *
 * - `apiKey`: `value` in the header, query parameter or cookie called `name`.
 * - `bearer`: `Authorization: Bearer <token>`.
 * - `basic`: `Authorization: Basic <base64(username:password)>`.
 *
 * @see mcs §4
 */
export const RestAuthSchema = z.discriminatedUnion('type', [
  z.object({
    /** An API key. */
    type: z.literal('apiKey'),
    /** Where the key goes. */
    in: z.literal(['header', 'query', 'cookie']),
    /** The header, query parameter or cookie name. */
    name: z.string().min(1),
    /** The key. */
    value: z.string().min(1),
  }),
  z.object({
    /** A bearer token. */
    type: z.literal('bearer'),
    /** The token. */
    token: z.string().min(1),
  }),
  z.object({
    /** HTTP basic credentials. */
    type: z.literal('basic'),
    /** The user name. */
    username: z.string(),
    /** The password. */
    password: z.string(),
  }),
]);

/** Credentials sent with every request, as validated by {@link RestAuthSchema}. */
export type RestAuth = z.infer<typeof RestAuthSchema>;

/**
 * When and how often a failed request is repeated (mcs §4, "Runtime hints").
 *
 * A request is repeated after a network error, a timeout, or a status in `statuses`, at most
 * `maxRetries` times (0 to 5), only for `methods` (by default the idempotent ones), waiting
 * `initialDelayMs` doubled per attempt, capped at `maxDelayMs`; a `Retry-After` header sets
 * the wait instead, within the same cap.
 *
 * @see mcs §4
 */
export const RetryPolicySchema = z.object({
  /** Repeats after the first attempt, 0 to 5; default 2. */
  maxRetries: z.number().int().min(0).max(5).default(2),
  /** The methods that may be repeated; default the idempotent GET, HEAD, OPTIONS, PUT, DELETE. */
  methods: z.array(HttpMethodSchema).default(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']),
  /** The statuses that cause a repeat; default 408, 429, 502, 503, 504. */
  statuses: z.array(z.number().int().min(100).max(599)).default([408, 429, 502, 503, 504]),
  /** The first wait, doubled per attempt; default 200 ms. */
  initialDelayMs: z.number().int().min(0).max(10_000).default(200),
  /** The longest wait, `Retry-After` included; default 2 s. */
  maxDelayMs: z.number().int().min(0).max(60_000).default(2_000),
});

/** When and how often a failed request is repeated, as validated by {@link RetryPolicySchema}. */
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/**
 * A set of operations, by tag, path and method. An operation matches when it matches every
 * list given: one of `tags` among its tags, one of `paths` (globs over the path template, where
 * `*` stands for any characters but `/` and `**` for any characters, so `/pet/*` matches
 * `/pet/{petId}` and `/store/**` everything under `/store/`), one of `methods`. An empty filter
 * matches every operation.
 */
export const OperationFilterSchema = z.strictObject({
  /** Operation tags; one is enough. */
  tags: z.array(z.string().min(1)).optional(),
  /** Globs over path templates; one is enough. */
  paths: z.array(z.string().min(1)).optional(),
  /** HTTP methods, in capitals; one is enough. */
  methods: z.array(HttpMethodSchema).optional(),
});

/** A set of operations, as validated by {@link OperationFilterSchema}. */
export type OperationFilter = z.infer<typeof OperationFilterSchema>;

/**
 * The serializable part of the REST driver's configuration.
 *
 * - `baseUrl`: overrides the document's server URL (needed when the document has none, or a
 *   relative one and was not loaded from a URL).
 * - `auth`, `headers`: sent with every request (`headers` never override `auth`).
 * - `timeoutMs`: per attempt, response body included (default 10 s).
 * - `retry`: see {@link RetryPolicySchema}.
 * - `descriptionFormat`: `openapi` (default; the document itself, minified, with every
 *   operation's function name as its `operationId`), `functions` or `condensed` (mcs §3.1).
 * - `validateDocument`: validate the document against the OpenAPI/Swagger schema on load.
 * - `maxResponseBytes`: the largest response body read (default 10 MiB).
 * - `healthcheckPath`: the path, relative to the base URL, that `healthcheck()` requests.
 * - `strict`: refuse a document that fails validation or has an operation whose schema cannot
 *   be kept as written; by default such a document is read, such an operation is loosened or
 *   left out, and each change is listed in the driver's `warnings`.
 * - `include`, `exclude`: which operations become functions (see {@link OperationFilterSchema}).
 *
 * @see mcs §4
 */
export const OpenApiDriverConfigSchema = z.object({
  /** Overrides the document's server URL. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Credentials sent with every request. */
  auth: RestAuthSchema.optional(),
  /** Headers sent with every request. */
  headers: z.record(z.string(), z.string()).default({}),
  /** The time one attempt may take, body included; default 10 s. */
  timeoutMs: z.number().int().positive().max(600_000).default(10_000),
  /** When failed requests are repeated. */
  retry: RetryPolicySchema.prefault({}),
  /** The description format; default `openapi`. */
  descriptionFormat: z.literal(['openapi', 'functions', 'condensed']).default('openapi'),
  /** Validate the document on load; default true. */
  validateDocument: z.boolean().default(true),
  /** The largest body read, and the largest document fetched; default 10 MiB. */
  maxResponseBytes: z
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** The path `healthcheck()` requests, relative to the base URL; default the base URL. */
  healthcheckPath: z.string().default(''),
  /** Refuse what is otherwise read with a warning; default false. */
  strict: z.boolean().default(false),
  /** Only the operations this filter matches become functions; default all. */
  include: OperationFilterSchema.optional(),
  /** The operations this filter matches never become functions, even when included. */
  exclude: OperationFilterSchema.optional(),
});

/** The REST driver's configuration with defaults filled in. */
export type OpenApiDriverConfig = z.infer<typeof OpenApiDriverConfigSchema>;
