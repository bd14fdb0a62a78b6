/**
 * The one place where the three operations become wire text, shared by the MCP tools and the
 * command line, so `x-context-cache resolve` and `context.resolve` print the same bytes.
 *
 * @module
 */

import {
  ContextCacheError,
  type ContextStrategy,
  createVerifiedCacheStore,
  inspectCache,
  listCaches,
  resolveContext,
  serializeErrorPayload,
  serializeInspectCacheResult,
  serializeListCachesResult,
  serializeSelectionResult,
  toErrorPayload,
  type VerifiedCacheStore,
  validateBudget,
  validateQuery,
} from '@x/context-cache';

/** The text of one answer, and whether it is an error object (`error_schema.md`). */
export interface Answer {
  /** Compact JSON followed by one `\n`, as the original CLI and MCP server end it. */
  readonly text: string;
  /** True when `text` is `{"error":{"code","message"}}`. */
  readonly isError: boolean;
}

/** Where the caches are and how `context.resolve` ranks. */
export interface AnswerOptions {
  /** The folder whose immediate subfolders are the caches. */
  readonly cacheRoot: string;
  /** The strategy used when a request names none (`v0` unless the deployment chooses another). */
  readonly defaultStrategy?: string;
  /** Strategies beyond the built-in `v0`. */
  readonly strategies?: readonly ContextStrategy[];
  /** Told about `io_error` and `internal_error` failures, whose causes never reach the wire. */
  readonly onError?: (error: unknown) => void;
  /**
   * The verified caches `context.resolve` answers from, kept between calls (one per server,
   * shared by its sessions); absent, each call verifies the cache it names from scratch.
   */
  readonly caches?: VerifiedCacheStore;
  /** The largest cache file read, in bytes; absent keeps the library's default (64 MiB). */
  readonly maxFileBytes?: number;
}

/** The arguments `context.resolve` knows; any other key is refused. */
const RESOLVE_KEYS: ReadonlySet<string> = new Set(['cache', 'query', 'budget', 'strategy']);

/** The file bound of `options`, as the library's options take it. */
function fileBound(options: AnswerOptions): { maxFileBytes?: number } {
  return options.maxFileBytes === undefined ? {} : { maxFileBytes: options.maxFileBytes };
}

function success(text: string): Answer {
  return { text: `${text}\n`, isError: false };
}

function failure(error: unknown, options: AnswerOptions): Answer {
  const payload = toErrorPayload(error);
  if (payload.error.code === 'io_error' || payload.error.code === 'internal_error') {
    options.onError?.(error);
  }
  return { text: `${serializeErrorPayload(payload)}\n`, isError: true };
}

/**
 * `context.resolve`: the serialized `SelectionResult`, or the error object. Checks run in this
 * order: budget (`invalid_budget`), query (`invalid_query`), unknown argument keys
 * (`invalid_query`: "no hidden parameters", and the request cannot be processed as specified),
 * strategy, which must be a known name when present (`invalid_query`; JSON `null` is not absent), cache name (`cache_missing`), integrity (`cache_invalid`).
 *
 * @see context.resolve.md §Input Rules, §Error Mapping; context_selection.md
 */
export async function answerResolve(
  args: Readonly<Record<string, unknown>>,
  options: AnswerOptions,
): Promise<Answer> {
  try {
    validateBudget(args.budget);
    validateQuery(args.query);
    if (Object.keys(args).some((key) => !RESOLVE_KEYS.has(key))) {
      throw new ContextCacheError({ code: 'invalid_query', message: 'Unknown argument' });
    }
    if (args.strategy !== undefined && typeof args.strategy !== 'string') {
      throw new ContextCacheError({
        code: 'invalid_query',
        message: 'The strategy is not a string',
      });
    }
    const caches =
      options.caches ?? createVerifiedCacheStore({ ...fileBound(options), watch: false });
    try {
      const result = await resolveContext(
        { cache: args.cache, query: args.query, budget: args.budget, strategy: args.strategy },
        {
          cacheRoot: options.cacheRoot,
          caches,
          ...(options.defaultStrategy === undefined
            ? {}
            : { defaultStrategy: options.defaultStrategy }),
          ...(options.strategies === undefined ? {} : { strategies: options.strategies }),
        },
      );
      return success(serializeSelectionResult(result));
    } finally {
      if (caches !== options.caches) caches.close();
    }
  } catch (error) {
    return failure(error, options);
  }
}

/**
 * `context.list_caches`: the immediate subfolders of the root. It takes no argument and ignores
 * any it is given: its documents permit no error for them.
 *
 * @see context-cache-mcp.md §context.list_caches
 */
export async function answerListCaches(options: AnswerOptions): Promise<Answer> {
  try {
    return success(serializeListCachesResult(await listCaches(options.cacheRoot)));
  } catch (error) {
    return failure(error, options);
  }
}

/**
 * `context.inspect_cache`: identity, structural validity and size of one cache. Keys other than
 * `cache` are ignored: `context.inspect_cache.md` permits no error for them.
 *
 * @see context-cache-mcp.md §context.inspect_cache; context.inspect_cache.md
 */
export async function answerInspectCache(
  args: Readonly<Record<string, unknown>>,
  options: AnswerOptions,
): Promise<Answer> {
  try {
    return success(
      serializeInspectCacheResult(
        await inspectCache(options.cacheRoot, args.cache, fileBound(options)),
      ),
    );
  } catch (error) {
    return failure(error, options);
  }
}
