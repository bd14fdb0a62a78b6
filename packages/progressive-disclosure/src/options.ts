/**
 * The options of a progressive-disclosure layer, their defaults, and the shared runtime built
 * from them once and used by every session.
 *
 * @module
 */

import type { AuthInfo, Tool } from '@modelcontextprotocol/server';
import { createMemorySessionStore, type SessionStore } from '@x/core/sessions';
import { z } from 'zod';
import type { DescriptionSource, ToolDescriptionOverride } from './description-override.js';
import { ProgressiveDisclosureError } from './errors.js';
import { createGrantStore, type GrantStore } from './grants.js';
import { guardSessionStore } from './guarded-store.js';
import { createReadLimiter, type RateLimitOptions, type ReadLimiter } from './rate-limit.js';
import type { MinimalSchemaStyle } from './stage-one.js';
import { createSummarizer } from './summary.js';

/** Who is asking, as the primary authorization hook sees it. */
export interface AccessContext {
  /** The MCP session id (HTTP); `undefined` over stdio and in-memory transports. */
  sessionId: string | undefined;
  /** The role of the caller (from `serveHttp` bearer tokens, or given when wrapping). */
  role: string | undefined;
  /** The validated access token of the request, when the transport has one. */
  authInfo: AuthInfo | undefined;
}

/**
 * The server's own (primary) authorization: whether the caller may use `tool` at all.
 *
 * A tool it refuses is not listed, not described (a read answers as for an unknown tool, so
 * nothing leaks) and cannot be called, whatever the session read before.
 *
 * @see progressive-disclosure §5.3, §10.2
 */
export type ToolAuthorizer = (tool: Tool, context: AccessContext) => boolean | Promise<boolean>;

/** Options shared by the wrapper and the proxy. */
export interface ProgressiveDisclosureOptions {
  /** Where grants and rate-limit buckets live (default: a new in-memory store). */
  store?: SessionStore;
  /** Grants lapse this long after a session's last grant or granted call, in ms (default 1 hour). */
  sessionTtlMs?: number;
  /**
   * Drop a session's grants and rate-limit state when its server closes (default true). Turn it
   * off when several instances share `store`: one instance closing its copy of a session (idle
   * expiry, shutdown) must not end the session for the others; call `forgetSession` when the
   * session really ends (`serveHttp`'s `onSessionClosed` with reason `deleted`).
   */
  forgetOnClose?: boolean;
  /** The most `cl100k_base` tokens of a stage-1 description (default 20, at least 8). */
  maxSummaryTokens?: number;
  /** How stage 1 simplifies input schemas (default `type-only`). */
  schemaStyle?: MinimalSchemaStyle;
  /** Keep `title`, `annotations` and `icons` in stage 1 for clients that show them (default false). */
  keepClientHints?: boolean;
  /** The most distinct tools one read may name (default 100). */
  maxToolsPerRead?: number;
  /** The most names an unknown-tool entry lists in `available_tools`, nearest first (default 50). */
  maxAvailableTools?: number;
  /** Description reads per caller scope (default 60 per minute); `false` turns the limit off. */
  rateLimit?: RateLimitOptions | false;
  /** The clock of the rate limiter, in ms (default `Date.now`). */
  now?: () => number;
  /** The primary authorization (default: every tool for everyone). */
  authorize?: ToolAuthorizer;
  /** Overrides of tool descriptions (a folder, a map), looked up at every read. */
  descriptions?: DescriptionSource;
}

const positiveInteger = z.int().min(1).max(2_147_483_647);
const functionSchema = z.custom<(...parameters: never[]) => unknown>(
  (value) => typeof value === 'function',
  'expected a function',
);

/** Validates {@link ProgressiveDisclosureOptions}; unknown keys are refused. */
export const ProgressiveDisclosureOptionsSchema = z.strictObject({
  store: z
    .custom<SessionStore>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as SessionStore).update === 'function',
      'expected a SessionStore',
    )
    .optional(),
  sessionTtlMs: positiveInteger.optional(),
  forgetOnClose: z.boolean().optional(),
  maxSummaryTokens: z.int().min(8).max(1_000).optional(),
  schemaStyle: z.enum(['explicit', 'type-only']).optional(),
  keepClientHints: z.boolean().optional(),
  maxToolsPerRead: z.int().min(1).max(10_000).optional(),
  maxAvailableTools: z.int().min(0).max(10_000).optional(),
  rateLimit: z
    .union([
      z.literal(false),
      z.strictObject({ maxReads: positiveInteger, windowMs: positiveInteger }),
    ])
    .optional(),
  now: functionSchema.optional(),
  authorize: functionSchema.optional(),
  descriptions: z
    .custom<DescriptionSource>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        typeof (value as DescriptionSource).get === 'function',
      'expected a DescriptionSource',
    )
    .optional(),
});

/**
 * The default bound of a stage-1 description. On the 527 LiveMCPBench tools, 20 tokens keep 85%
 * of first sentences whole and cut the rest where a clause ends, keeping purpose and the examples
 * that tell similar tools apart; bounds from 12 to 32 all land between 82% and 80% of reduction,
 * because names, JSON structure and the required `inputSchema` weigh more than the summaries.
 */
const DEFAULT_MAX_SUMMARY_TOKENS = 20;

/** Names longer than this cannot be tools: MCP names have at most 64 characters. */
export const MAX_TOOL_NAME_LENGTH = 128;

/** What every session of one layer shares: settings, stores and caches. */
export interface DisclosureRuntime {
  readonly schemaStyle: MinimalSchemaStyle;
  readonly keepClientHints: boolean;
  readonly maxToolsPerRead: number;
  readonly maxAvailableTools: number;
  readonly grants: GrantStore;
  readonly forgetOnClose: boolean;
  readonly limitRead: ReadLimiter | undefined;
  readonly summarize: (text: string, keepWhole?: boolean) => string;
  readonly authorize: ToolAuthorizer | undefined;
  override(toolName: string): ToolDescriptionOverride | undefined;
}

/**
 * Validates `options` and builds the runtime.
 *
 * @throws ProgressiveDisclosureError `INVALID_OPTIONS` naming the first bad option.
 */
export function createDisclosureRuntime(
  options: ProgressiveDisclosureOptions = {},
): DisclosureRuntime {
  const result = ProgressiveDisclosureOptionsSchema.safeParse(options);
  if (!result.success) {
    const issue = result.error.issues[0];
    const option = issue?.path.join('.') ?? '';
    throw new ProgressiveDisclosureError({
      code: 'INVALID_OPTIONS',
      message: `invalid progressive-disclosure option${option === '' ? '' : ` ${option}`}: ${issue?.message ?? 'invalid'}`,
      data: { option },
    });
  }
  const store = guardSessionStore(options.store ?? createMemorySessionStore());
  const rateLimit = options.rateLimit ?? { maxReads: 60, windowMs: 60_000 };
  const descriptions = options.descriptions;
  return {
    schemaStyle: options.schemaStyle ?? 'type-only',
    keepClientHints: options.keepClientHints ?? false,
    maxToolsPerRead: options.maxToolsPerRead ?? 100,
    maxAvailableTools: options.maxAvailableTools ?? 50,
    grants: createGrantStore(store, options.sessionTtlMs ?? 3_600_000),
    forgetOnClose: options.forgetOnClose ?? true,
    limitRead:
      rateLimit === false
        ? undefined
        : createReadLimiter(store, rateLimit, options.now ?? Date.now),
    summarize: createSummarizer(options.maxSummaryTokens ?? DEFAULT_MAX_SUMMARY_TOKENS),
    authorize: options.authorize,
    override: (toolName) => descriptions?.get(toolName),
  };
}
