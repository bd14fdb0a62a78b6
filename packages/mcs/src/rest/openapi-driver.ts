/**
 * The REST driver: any HTTP API described by an OpenAPI 3.x or Swagger 2 document becomes a
 * set of functions a model can call.
 *
 * @module
 */

import type { z } from 'zod';
import { BaseDriver, type PromptOptions } from '../base-driver.js';
import type {
  CacheCapability,
  HealthcheckCapability,
  HealthReport,
  StatusCapability,
  StreamCapability,
} from '../capabilities.js';
import type { CallOptions } from '../driver.js';
import type { DriverMetaInput } from '../driver-meta.js';
import type { DriverWarning } from '../driver-warning.js';
import { McsError } from '../errors.js';
import type { FunctionCall } from '../function-call.js';
import type { FunctionDefinition } from '../function-definition.js';
import type { ParserLimits } from '../parser/limits.js';
import { buildRequest, type HttpRequest } from './build-request.js';
import {
  createHttpStats,
  type HttpClientOptions,
  type HttpStats,
  openResponse,
  type RestResponse,
  readBodyChunks,
  sendRequest,
} from './http-client.js';
import {
  type LoadedDocument,
  loadOpenApiDocument,
  type OpenApiSource,
  type OpenApiVersion,
} from './load-document.js';
import { filterOperations } from './operation-filter.js';
import { extractOperations, type RestOperation } from './operations.js';
import { renderOpenApiDescription } from './render-openapi.js';
import { type OpenApiDriverConfig, OpenApiDriverConfigSchema } from './rest-options.js';
import { absoluteServerUrl, resolveBaseUrl } from './server-url.js';
import { usableOperations } from './usable-operations.js';

/** The id of this driver implementation, the default `meta.id` (mcs §3). */
export const OPENAPI_DRIVER_ID = 'ab663db7-3f06-4995-8a66-7608032ad475';

/**
 * What {@link createOpenApiDriver} takes: the document, the configuration of
 * {@link OpenApiDriverConfigSchema}, and the options every driver has.
 *
 * @see mcs §4
 */
export interface OpenApiDriverOptions extends z.input<typeof OpenApiDriverConfigSchema> {
  /** The OpenAPI 3.x or Swagger 2 document: a file path, an http(s) URL, or the object. */
  document: OpenApiSource;
  /** Overrides of the metadata; see {@link createOpenApiDriver} for the defaults. */
  meta?: Partial<DriverMetaInput>;
  /** Prompt overrides and strategies (mcs §4). */
  prompts?: PromptOptions;
  /** Parser bounds. */
  limits?: Partial<ParserLimits>;
  /** The fetch function; the global one by default. */
  fetch?: typeof fetch;
}

/**
 * One piece of a streamed REST result: first a `head` per call (status and content type),
 * then its body as `body` text chunks.
 *
 * @see mcs §5 (`stream`)
 */
export type RestStreamChunk =
  | {
      /** The start of one call's answer. */
      type: 'head';
      /** The function called. */
      name: string;
      /** The HTTP status code. */
      status: number;
      /** True for 2xx. */
      ok: boolean;
      /** The `content-type` header, or `null`. */
      contentType: string | null;
    }
  | {
      /** A piece of the body. */
      type: 'body';
      /** The piece, decoded as UTF-8. */
      text: string;
    };

/**
 * The REST driver. Build it with {@link createOpenApiDriver}, which loads the document first.
 *
 * Capabilities: `cache` (compile every schema and render the description now), `healthcheck`
 * (a GET of `healthcheckPath`; any answer below 500 is healthy), `status` (request and error
 * counters) and `stream` (see {@link RestStreamChunk}).
 *
 * @see mcs §3, §4, §5
 */
export class OpenApiDriver
  extends BaseDriver
  implements HealthcheckCapability, CacheCapability, StatusCapability, StreamCapability
{
  /** The document's format version. */
  readonly version: OpenApiVersion;
  /** The base URL requests go to. */
  readonly baseUrl: string;
  /**
   * What was worked around to read the document (an invalid document, a translated pattern,
   * an argument left unchecked, an operation left out), in document order; empty under
   * `strict`, which refuses instead.
   */
  readonly warnings: readonly DriverWarning[];
  readonly #config: OpenApiDriverConfig;
  readonly #document: LoadedDocument;
  readonly #operations: readonly RestOperation[];
  readonly #byName: ReadonlyMap<string, RestOperation & { url: string }>;
  readonly #functions: readonly FunctionDefinition[];
  readonly #fetch: typeof fetch;
  readonly #stats: HttpStats = createHttpStats();
  #calls = 0;
  #openApiDescription: string | undefined;

  /** Builds a driver from a loaded document and a validated configuration. */
  constructor(
    document: LoadedDocument,
    config: OpenApiDriverConfig,
    options: OpenApiDriverOptions,
  ) {
    super({
      meta: {
        id: OPENAPI_DRIVER_ID,
        protocol: 'REST',
        transport: 'HTTP',
        spec_format: document.version === '2.0' ? 'Swagger' : 'OpenAPI',
        capabilities: ['cache', 'healthcheck', 'status', 'stream'],
        ...options.meta,
      },
      descriptionFormat: config.descriptionFormat === 'condensed' ? 'condensed' : 'functions',
      ...(options.prompts === undefined ? {} : { prompts: options.prompts }),
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
    this.version = document.version;
    this.baseUrl = resolveBaseUrl(document, config.baseUrl);
    this.#config = config;
    this.#document = document;
    const usable = usableOperations(
      filterOperations(extractOperations(document), config.include, config.exclude),
      config.strict,
    );
    this.warnings = [
      ...(document.validationProblems ?? []).map(
        (problem): DriverWarning => ({
          kind: 'document_invalid',
          message: `the document is not valid ${document.version === '2.0' ? 'Swagger' : 'OpenAPI'} ${document.version}, read anyway: ${problem}`,
        }),
      ),
      ...usable.warnings,
    ];
    this.#operations = usable.operations;
    this.#byName = new Map(
      this.#operations.map((operation) => [
        operation.name,
        {
          ...operation,
          url:
            config.baseUrl === undefined && operation.serverUrl !== undefined
              ? absoluteServerUrl(operation.serverUrl, document)
              : this.baseUrl,
        },
      ]),
    );
    this.#functions = this.#operations.map((operation) => operation.definition);
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.compileFunctions();
  }

  /** One function per operation of the document. */
  listFunctions(): readonly FunctionDefinition[] {
    return this.#functions;
  }

  /** Sends the request for one validated call and resolves to the raw {@link RestResponse}. */
  async executeCall(call: FunctionCall, options: CallOptions = {}): Promise<RestResponse> {
    this.#calls += 1;
    return await sendRequest(this.#request(call), this.#clientOptions(options.signal));
  }

  /**
   * Parses the text like `processLlmResponse` and streams each call's answer as it arrives:
   * a `head` chunk, then `body` chunks. A text without a call yields the text once.
   *
   * @throws McsError `CALL_INVALID` for a malformed call; bridge errors as `processLlmResponse`.
   */
  async *streamCall(
    llmResponse: string,
    options: CallOptions = {},
  ): AsyncGenerator<RestStreamChunk | string> {
    const calls = this.requireCalls(llmResponse);
    if (calls === undefined) {
      yield llmResponse;
      return;
    }
    for (const call of calls) {
      this.#calls += 1;
      const request = this.#request(call);
      const clientOptions = this.#clientOptions(options.signal);
      const opened = await openResponse(request, clientOptions);
      yield {
        type: 'head',
        name: call.name,
        status: opened.response.status,
        ok: opened.response.ok,
        contentType: opened.response.headers.get('content-type'),
      };
      for await (const text of readBodyChunks(opened, request, clientOptions))
        yield { type: 'body', text };
    }
  }

  /** GETs `healthcheckPath` once, without retries; below 500 is `ok`. Never rejects. */
  async healthcheck(): Promise<HealthReport> {
    const request = buildRequest(
      {
        name: 'healthcheck',
        method: 'GET',
        path: this.#config.healthcheckPath === '' ? '/' : this.#config.healthcheckPath,
        parameters: [],
        definition: { name: 'healthcheck', parameters: {} },
        tags: [],
        schemaChanges: [],
      },
      {},
      { baseUrl: this.baseUrl, auth: this.#config.auth, headers: this.#config.headers },
    );
    const started = performance.now();
    try {
      const response = await sendRequest(request, {
        ...this.#clientOptions(undefined),
        retry: { ...this.#config.retry, maxRetries: 0 },
        stats: createHttpStats(),
      });
      return {
        status: response.status < 500 ? 'ok' : 'error',
        httpStatus: response.status,
        latencyMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      return { status: 'error', error: McsError.isInstance(error) ? error.code : 'UNAVAILABLE' };
    }
  }

  /** Compiles every schema and renders the description, so the first call pays for neither. */
  async warmup(): Promise<void> {
    this.compileFunctions();
    this.getFunctionDescription();
  }

  /** Counters since the driver was made: calls, requests, retries, failures, last error code. */
  async getStatus(): Promise<Record<string, unknown>> {
    return {
      version: this.version,
      functions: this.#functions.length,
      calls: this.#calls,
      requests: this.#stats.requests,
      retries: this.#stats.retries,
      failures: this.#stats.failures,
      lastErrorCode: this.#stats.lastErrorCode ?? null,
    };
  }

  /**
   * The `openapi` format: the bundled document, minified, cut to the offered operations (see
   * `renderOpenApiDescription`). The other formats are rendered from the functions.
   */
  protected override describeFunctions(modelName?: string): string {
    if (this.#config.descriptionFormat !== 'openapi') return super.describeFunctions(modelName);
    this.#openApiDescription ??= renderOpenApiDescription(this.#document.bundled, this.#operations);
    return this.#openApiDescription;
  }

  #request(call: FunctionCall): HttpRequest {
    const operation = this.#byName.get(call.name);
    if (operation === undefined) {
      throw new McsError({
        code: 'CALL_INVALID',
        message: `there is no function named ${JSON.stringify(call.name)}`,
      });
    }
    return buildRequest(operation, call.arguments, {
      baseUrl: operation.url,
      auth: this.#config.auth,
      headers: this.#config.headers,
    });
  }

  #clientOptions(signal: AbortSignal | undefined): HttpClientOptions {
    return {
      fetch: this.#fetch,
      timeoutMs: this.#config.timeoutMs,
      retry: this.#config.retry,
      maxResponseBytes: this.#config.maxResponseBytes,
      signal,
      stats: this.#stats,
    };
  }
}

/**
 * Loads an OpenAPI 3.x or Swagger 2 document and makes a REST driver of it.
 *
 * Metadata defaults: `id` {@link OPENAPI_DRIVER_ID}, `protocol` `REST`, `transport` `HTTP`,
 * `spec_format` `OpenAPI` (`Swagger` for 2.0), `capabilities` `cache`, `healthcheck`,
 * `status`, `stream`. Each operation becomes a function (see `extractOperations`); a call
 * becomes one HTTP request, retried per the policy, and its raw result is a
 * {@link RestResponse}, whatever the status. A document written for another validator is read
 * anyway unless `strict` is set: see {@link OpenApiDriver.warnings}.
 *
 * @example
 * ```ts
 * const driver = await createOpenApiDriver({
 *   document: './bookshop.openapi.json',
 *   baseUrl: 'http://127.0.0.1:8080',
 *   auth: { type: 'apiKey', in: 'header', name: 'x-api-key', value: process.env.BOOKSHOP_KEY ?? '' },
 * });
 * ```
 * @throws McsError `CONFIG_INVALID`, `DOCUMENT_INVALID`, `FUNCTION_INVALID` or `META_INVALID`.
 * @see mcs §3.1, §3.3, §4
 */
export async function createOpenApiDriver(options: OpenApiDriverOptions): Promise<OpenApiDriver> {
  // The schema keeps only the configuration keys; the document and functions stay in `options`.
  const parsed = OpenApiDriverConfigSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new McsError({
      code: 'CONFIG_INVALID',
      message: `REST driver option ${issue?.path.join('.') ?? ''} is invalid: ${issue?.message ?? 'unknown issue'}`,
    });
  }
  const document = await loadOpenApiDocument(options.document, {
    validate: parsed.data.validateDocument,
    strict: parsed.data.strict,
    timeoutMs: parsed.data.timeoutMs,
    maxBytes: parsed.data.maxResponseBytes,
    fetch: options.fetch ?? globalThis.fetch,
  });
  return new OpenApiDriver(document, parsed.data, options);
}
