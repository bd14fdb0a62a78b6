/**
 * The `ResultEnvelope`: what `tool_execute` returns in gateway mode.
 *
 * @module
 */

import { z } from 'zod';

/**
 * A reference to a stored artifact.
 *
 * @see gateway-surface §4.2 (the envelope's artifacts list)
 */
export const ArtifactRefSchema = z.strictObject({
  /** The handle to pass to `tool_view`. */
  handle: z.string(),
  /** `application/json`, `text/plain`, or a binary block's media type (stored as base64). */
  media_type: z.string(),
  /** The content's UTF-8 size. */
  bytes: z.number().int().nonnegative(),
  /** The content's line count. */
  lines: z.number().int().nonnegative(),
  /** True when the store kept only a prefix (the result exceeded its per-artifact cap). */
  truncated: z.boolean(),
});

/**
 * A reference to a stored artifact.
 *
 * @see gateway-surface §4.2
 */
export type ArtifactRef = z.infer<typeof ArtifactRefSchema>;

/**
 * A `tool_view` call the gateway suggests.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const SuggestedViewSchema = z.strictObject({
  /** The artifact. */
  handle: z.string(),
  /** The selector. */
  selector: z.string(),
  /** What it shows, in a few words. */
  shows: z.string(),
});

/**
 * A `tool_view` call the gateway suggests.
 *
 * @see gateway-surface §4.2
 */
export type SuggestedView = z.infer<typeof SuggestedViewSchema>;

/**
 * Where a result came from and how the firewall treated it. Never a timestamp
 * or anything else that would change the bytes of the same result.
 *
 * @see gateway-surface §4.2, §4.5 (provenance)
 */
export const ResultProvenanceSchema = z.strictObject({
  /** The tool that ran. */
  tool_id: z.string(),
  /** Its upstream name. */
  upstream_name: z.string(),
  /** `inline`: the result is in `summary` (and inline blocks); `artifact`: it was stored. */
  firewall: z.enum({
    /** The result is in the summary. */
    inline: 'inline',
    /** The result was stored as artifacts. */
    artifact: 'artifact',
  }),
  /** The UTF-8 size of the whole result as the upstream sent it. */
  bytes: z.number().int().nonnegative(),
  /** With the result cache on: whether the result came from it (§4.5). */
  cache_hit: z.boolean().optional(),
  /** With tolerant arguments on: the repairs applied to the arguments (§4.4). */
  arg_repairs: z
    .array(
      z.strictObject({
        /** The rule applied. */
        rule: z.string(),
        /** Where, as a JSON Pointer into the arguments. */
        path: z.string(),
      }),
    )
    .optional(),
});

/**
 * Where a result came from and how the firewall treated it.
 *
 * @see gateway-surface §4.2
 */
export type ResultProvenance = z.infer<typeof ResultProvenanceSchema>;

/**
 * The envelope of one `tool_execute` result in gateway mode: always these six
 * fields, in this order.
 *
 * - `status`: `error` when the upstream flagged its result `isError`.
 * - `summary`: the whole text when the result is small (inline), else a head
 *   of it cut at a line end and marked with `…`.
 * - `facts`: what the firewall found out about the result (format, size, shape).
 * - `artifacts`: every stored part; empty when inline.
 * - `views`: `tool_view` calls worth making first.
 * - `provenance`: see {@link ResultProvenanceSchema}.
 *
 * @see gateway-surface §4.2
 */
export const ResultEnvelopeSchema = z.strictObject({
  /** `error` when the upstream flagged its result `isError`. */
  status: z.enum({
    /** The tool succeeded. */
    ok: 'ok',
    /** The tool reported a failure. */
    error: 'error',
  }),
  /** The whole text of a small result, or the head of a stored one. */
  summary: z.string(),
  /** Format, size and shape of the result. */
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Every stored part. */
  artifacts: z.array(ArtifactRefSchema),
  /** The `tool_view` calls worth making first. */
  views: z.array(SuggestedViewSchema),
  /** Where the result came from and how it was treated. */
  provenance: ResultProvenanceSchema,
});

/**
 * The envelope of one `tool_execute` result in gateway mode.
 *
 * @see gateway-surface §4.2
 */
export type ResultEnvelope = z.infer<typeof ResultEnvelopeSchema>;
