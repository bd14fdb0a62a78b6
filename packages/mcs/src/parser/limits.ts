/**
 * The bounds that keep parsing a model's text fast and safe, whatever the text is.
 *
 * @module
 */

import { z } from 'zod';
import { McsError } from '../errors.js';

const positiveInteger = z.number().int().positive();

/**
 * The bounds of one parse. Each one, when reached, gives a `malformed` result with its own
 * reason instead of unbounded work.
 *
 * - `maxInputChars`: the longest text read at all, in UTF-16 code units (`input_too_large`).
 * - `maxDepth`: the deepest nesting of `{` and `[` read (`too_deep`).
 * - `maxCalls`: the most calls one text may hold (`too_many_calls`).
 * - `maxRepairAttempts`: the most JSON repairs one text may cost (`scan_limit_reached`); strict
 *   parses need no bound of their own, each follows a scan of its span.
 * - `maxScanChars`: the most characters the bracket scanner visits in total (`scan_limit_reached`).
 *
 * @see mcs §3.3
 */
export const ParserLimitsSchema = z.object({
  /** The longest text read at all, in UTF-16 code units. */
  maxInputChars: positiveInteger,
  /** The deepest nesting of `{` and `[` read. */
  maxDepth: positiveInteger.max(1000),
  /** The most calls one text may hold. */
  maxCalls: positiveInteger,
  /** The most JSON repairs one text may cost. */
  maxRepairAttempts: positiveInteger,
  /** The most characters the bracket scanner visits in total. */
  maxScanChars: positiveInteger,
});

/** The bounds of one parse, as validated by {@link ParserLimitsSchema}. */
export type ParserLimits = z.infer<typeof ParserLimitsSchema>;

/**
 * The default bounds: 200,000 characters, depth 64, 16 calls, 64 repairs and
 * 4,000,000 scanned characters (twenty passes over the largest input).
 */
export const DEFAULT_PARSER_LIMITS: Readonly<ParserLimits> = Object.freeze({
  maxInputChars: 200_000,
  maxDepth: 64,
  maxCalls: 16,
  maxRepairAttempts: 64,
  maxScanChars: 4_000_000,
});

/**
 * Fills unset bounds from {@link DEFAULT_PARSER_LIMITS} and validates the result.
 *
 * @throws McsError `CONFIG_INVALID` when a bound is not a positive integer.
 */
export function resolveParserLimits(limits: Partial<ParserLimits> | undefined): ParserLimits {
  const result = ParserLimitsSchema.safeParse({ ...DEFAULT_PARSER_LIMITS, ...limits });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new McsError({
      code: 'CONFIG_INVALID',
      message: `parser limit ${issue?.path.join('.') ?? ''} is invalid: ${issue?.message ?? 'unknown issue'}`,
    });
  }
  return result.data;
}
