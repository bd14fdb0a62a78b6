/**
 * What a server author declares: functions, namespaces, skills, and the visibility hook.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { CallerContext } from '@x/core/serve';
import type { z } from 'zod';
import type { ObjectJsonSchema, ParamsDefinition } from './schema.js';

/** What a handler learns about the call besides its kwargs. */
export interface CallContext {
  /** Who is calling (role, caller scope); `undefined` when the server was built without a context. */
  session: CallerContext | undefined;
  /** Aborted when the caller cancels the request or the connection closes. */
  signal: AbortSignal;
  /** The namespace path as registered (`orders.retail`; `''` for the root). */
  namespace: string;
  /** The function label as registered. */
  function: string;
}

/** One worked example, shown by `help(namespace, function, kwargs={examples: true})`. */
export interface FunctionExample {
  /** The kwargs of the example call. */
  kwargs: Record<string, unknown>;
  /** One line on what the example does. */
  description?: string;
}

/** The kwargs type a handler receives: zod's output type, or a plain record for JSON Schema. */
export type KwargsOf<Params> = Params extends z.ZodType
  ? z.output<Params>
  : Record<string, unknown>;

/**
 * A function of a namespace, as a builder declares it.
 *
 * The handler receives kwargs already normalized (§5.3: `customerId` reaches `customer_id`)
 * and validated with ajv against `params`; a zod schema also parses them (defaults applied).
 * Its return value becomes the response: a string as it is, anything else as compact JSON.
 * Throw a `CashError` with code `INVALID_ARGUMENTS` for domain validation errors; anything
 * else thrown becomes `FUNCTION_FAILED` with the error's first message line.
 *
 * @see cash-rfc §4.1, §4.2, §5.3
 */
export interface FunctionDefinition<Params extends ParamsDefinition | undefined = undefined> {
  /** One line for namespace listings (`help(namespace)`). */
  summary: string;
  /** Longer text for `help(namespace, function)`; the summary is used when absent. */
  description?: string;
  /** Parameters as a zod object schema or a JSON Schema object; none when absent. */
  params?: Params;
  /**
   * Parameters shown by default in `help(namespace, function)` besides the required ones;
   * the rest need `params="full"`. When absent, the first 8 parameters are shown.
   */
  primaryParams?: string[];
  /** One line on what the function returns. */
  returns?: string;
  /** Worked examples, shown with `examples=true`. */
  examples?: FunctionExample[];
  /** Free labels for the visibility hook (`read`, `write`, `admin`...). */
  tags?: string[];
  /** How to narrow a gated response (`add status or since`); defaults to the optional parameters. */
  narrow?: string;
  /** The count or summary of a gated result (`4821 orders`); a default counts arrays and lines. */
  summarize?: (result: unknown) => string | undefined;
  /**
   * `write` when a call changes state; default `read`. A write is never answered as failed after
   * its handler returned: an oversized result is withheld in a success answer instead of gated
   * (see `estimate` to gate it before it runs). A handler that throws must have changed nothing.
   */
  effect?: FunctionEffect;
  /**
   * For a write: a dry run that returns what `handler` would return for the same kwargs, and
   * changes nothing. With it the gate measures the response before the write runs, so a gated
   * write has not happened and the suggested `sizelimit` runs it once.
   */
  estimate?: (kwargs: KwargsOf<Params>, context: CallContext) => unknown;
  /**
   * For a write: the parameter that makes a repeated call safe (a call with a key already used
   * returns the first call's result and changes nothing), as an idempotency key does. Keep
   * the keys the handler records per caller (`context.session?.scope`), so that one caller's key
   * never answers with another caller's result.
   */
  idempotencyKey?: string;
  /** Does the work. */
  handler: (kwargs: KwargsOf<Params>, context: CallContext) => unknown;
}

/** Whether a function only reads (`read`) or changes state (`write`). */
export type FunctionEffect = 'read' | 'write';

/** A namespace's own documentation. */
export interface NamespaceOptions {
  /** One line for `help()` or the parent's listing. */
  description: string;
  /** Free labels for the visibility hook. */
  tags?: string[];
}

/**
 * A skill: text-only task instructions, with `{{placeholders}}` filled from kwargs.
 *
 * @see cash-rfc §4.3
 */
export interface SkillDefinition {
  /** One line for skill listings. */
  description: string;
  /** The instructions (markdown). */
  text: string;
  /** Free labels for the visibility hook. */
  tags?: string[];
}

/** What the visibility hook is asked about. */
export interface VisibilityTarget {
  /** What kind of entry this is. */
  kind: 'namespace' | 'function' | 'skill';
  /** The namespace path (`orders.retail`) of a namespace itself, or of the one holding the entry. */
  namespace: string;
  /** The entry's label (for a namespace, its last segment; `''` for the root). */
  name: string;
  /** The entry's tags. */
  tags: readonly string[];
  /** For a function that stands for an upstream MCP tool (aggregation): the tool's own name. */
  upstreamTool?: string | undefined;
}

/**
 * Decides what a caller sees. Hidden entries are absent from `help` and `skill` listings, and
 * `call` answers them exactly as unknown names (no existence leak). A namespace left with no
 * visible function or sub-namespace is hidden too.
 *
 * @see cash-rfc §2.3
 */
export type VisibilityHook = (
  target: VisibilityTarget,
  caller: CallerContext | undefined,
) => boolean;

/** What a function produced: the MCP result, and the value it came from when there is one. */
export interface FunctionOutcome {
  /** The response as it goes on the wire (before gating). */
  result: CallToolResult;
  /** The handler's return value, for counting a gated result. */
  value?: unknown;
}

/**
 * A function as the server serves it, whether a builder declared it or an upstream listed it.
 *
 * Build one with `defineFunction` or get them from mounts; the engine does the normalization,
 * validation, visibility and gating around `invoke`.
 */
export interface CashFunction {
  /** The label as registered (display form). */
  label: string;
  /** One line. */
  summary: string;
  /** Longer text. */
  description: string | undefined;
  /** The parameters' JSON Schema. */
  inputSchema: ObjectJsonSchema;
  /** Parameters shown without `params="full"`; see {@link FunctionDefinition.primaryParams}. */
  primaryParams: readonly string[] | undefined;
  /** One line on the result. */
  returns: string | undefined;
  /** Worked examples. */
  examples: readonly FunctionExample[];
  /** Labels for the visibility hook. */
  tags: readonly string[];
  /** The upstream MCP tool it stands for (aggregation), for the visibility hook. */
  upstreamTool?: string | undefined;
  /** How to narrow a gated response. */
  narrow: string | undefined;
  /** Count or summary of a gated result. */
  summarize: ((result: unknown) => string | undefined) | undefined;
  /** Whether kwargs are validated against `inputSchema` before `invoke` (false for schemas ajv cannot compile). */
  validate: boolean;
  /** Whether a call changes state; see {@link FunctionDefinition.effect}. */
  effect: FunctionEffect;
  /** Whether calling again with these kwargs repeats no change (always true for a read). */
  isRetrySafe(kwargs: Record<string, unknown>): boolean;
  /** Runs the function with normalized, validated kwargs. */
  invoke(kwargs: Record<string, unknown>, context: CallContext): Promise<FunctionOutcome>;
  /** A write's dry run: what `invoke` would answer, with nothing changed; see {@link FunctionDefinition.estimate}. */
  estimate?(kwargs: Record<string, unknown>, context: CallContext): Promise<FunctionOutcome>;
}
