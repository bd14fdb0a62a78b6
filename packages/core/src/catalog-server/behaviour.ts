/**
 * How a catalog tool answers, and the reserved arguments that choose it per call.
 *
 * @module
 */

import { z } from 'zod';

/**
 * What a catalog tool does when called: `echo` unless the server or the call says otherwise.
 *
 * Without `onCrash`, `crash` answers with a JSON-RPC error instead, so a library user
 * in-process never loses the process.
 */
export const CatalogBehaviourSchema = z.enum({
  /** Validates the arguments and echoes them (the default). */
  echo: 'echo',
  /** After validation, answers with a deterministic JSON text of `size` characters. */
  large: 'large',
  /** Answers with an `isError: true` tool result. */
  fail: 'fail',
  /** Answers with a JSON-RPC error (-32603). */
  error: 'error',
  /** Never answers; ends when the request is cancelled or the connection closes. */
  hang: 'hang',
  /** Waits `delayMs`, then behaves like `echo`. */
  slow: 'slow',
  /** Calls the server's `onCrash` (the bin exits the process with status 1). */
  crash: 'crash',
});

/** What a catalog tool does when called; see {@link CatalogBehaviourSchema}. */
export type CatalogBehaviour = z.infer<typeof CatalogBehaviourSchema>;

/** The largest `size` a `large` answer may ask for, in characters. */
export const MAX_LARGE_SIZE = 10_000_000;
/** The longest `delayMs` or `latencyMs`, in milliseconds (one hour). */
export const MAX_DELAY_MS = 3_600_000;

/** The prefix of argument names that the catalog server keeps for itself. */
export const RESERVED_ARGUMENT_PREFIX = '__x_';

/**
 * The reserved per-call arguments; they are removed before validation and echo.
 *
 * Any other argument starting with `__x_` is rejected, so a typo does not pass silently.
 */
export const ReservedArgumentsSchema = z.strictObject({
  /** A {@link CatalogBehaviour} for this call, overriding the server's. */
  __x_behaviour: CatalogBehaviourSchema.optional(),
  /** Characters of a `large` answer (0 to {@link MAX_LARGE_SIZE}). */
  __x_size: z.int().min(0).max(MAX_LARGE_SIZE).optional(),
  /** Milliseconds a `slow` call waits (0 to {@link MAX_DELAY_MS}). */
  __x_delay_ms: z.int().min(0).max(MAX_DELAY_MS).optional(),
});

/** The reserved per-call arguments; see {@link ReservedArgumentsSchema}. */
export type ReservedArguments = z.infer<typeof ReservedArgumentsSchema>;

/** A call's arguments split into the reserved ones and the tool's own. */
export type SplitArguments =
  | { ok: true; reserved: ReservedArguments; toolArguments: Record<string, unknown> }
  | { ok: false; message: string };

/** Separates the `__x_` arguments from the tool's own, and validates the former. */
export function splitReservedArguments(argumentsValue: Record<string, unknown>): SplitArguments {
  // Object.fromEntries defines own properties, so a `__proto__` argument stays plain data.
  const entries = Object.entries(argumentsValue);
  const reserved = Object.fromEntries(
    entries.filter(([key]) => key.startsWith(RESERVED_ARGUMENT_PREFIX)),
  );
  const toolArguments = Object.fromEntries(
    entries.filter(([key]) => !key.startsWith(RESERVED_ARGUMENT_PREFIX)),
  );
  const result = ReservedArgumentsSchema.safeParse(reserved);
  if (result.success) return { ok: true, reserved: result.data, toolArguments };
  const lines = result.error.issues.map((issue) => {
    const where = issue.path.map(String).join('.');
    return issue.code === 'unrecognized_keys'
      ? `unknown reserved argument(s) ${issue.keys.map((key) => JSON.stringify(key.slice(0, 80))).join(', ')} (known: ${Object.keys(ReservedArgumentsSchema.shape).join(', ')})`
      : `${where}: ${issue.message}`;
  });
  return { ok: false, message: `Invalid reserved arguments:\n${lines.join('\n')}` };
}
