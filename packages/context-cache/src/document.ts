/**
 * The document model: what a document file holds, how it is validated and serialized.
 *
 * @module
 */

import { z } from 'zod';
import { jsonString } from './json-text.js';
import { compareUtf8 } from './utf8-order.js';

/** A string with ES2024's `isWellFormed`, which every supported Node has (the ES2023 typings lack it). */
type WellFormedCheckable = string & { isWellFormed(): boolean };

/**
 * True when `value` has no lone UTF-16 surrogate, i.e. it encodes to UTF-8 and back unchanged.
 * The built-in check is several times faster than a `\p{Cs}` search on long contents.
 */
export function isWellFormedText(value: string): boolean {
  return (value as WellFormedCheckable).isWellFormed();
}

const WellFormedStringSchema = z
  .string()
  .refine(isWellFormedText, { message: 'String holds a lone surrogate' });

/**
 * A metadata value: a string or an integer (the original stores `i64`).
 *
 * @see document_model.md §Metadata
 */
export const MetadataValueSchema = z.union([WellFormedStringSchema, z.number().int()]);

/** A metadata value: a string or an integer. */
export type MetadataValue = z.infer<typeof MetadataValueSchema>;

/** A flat metadata map. */
export type Metadata = { readonly [key: string]: MetadataValue };

/**
 * A flat metadata map (`document_model.md §Metadata`); v0 builds always write `{}`. The
 * object is kept as parsed rather than rebuilt, so a key such as `__proto__` survives (a
 * rebuilt object would turn it into a prototype and lose it).
 */
export const MetadataSchema = z.custom<Metadata>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([key, item]) => isWellFormedText(key) && MetadataValueSchema.safeParse(item).success,
    ),
  { message: 'Metadata must be a flat map of strings and integers' },
);

/**
 * One document file as stored in `documents/<12 hex>.json`. Unknown keys are ignored, as the
 * original's reader ignores them.
 *
 * @see document_model.md §Serialization
 */
export const CacheDocumentSchema = z.object({
  /** Stable identity: the normalized source path (`document_model.md §Identity`). */
  id: WellFormedStringSchema,
  /** `sha256:` and the hex digest of the content (`document_model.md §Versioning`). */
  version: WellFormedStringSchema,
  /** The origin path relative to the ingestion root, as found. */
  source: WellFormedStringSchema,
  /** The raw UTF-8 content, never normalized; may be empty. */
  content: WellFormedStringSchema,
  /** Flat key-value pairs; they affect neither version nor identity. */
  metadata: MetadataSchema,
});

/** One document: `id`, `version`, `source`, `content`, `metadata`. */
export type CacheDocument = z.infer<typeof CacheDocumentSchema>;

/**
 * Compact JSON for a document, fields in the fixed order `id`, `version`, `source`, `content`,
 * `metadata`, metadata keys sorted by UTF-8 bytes (the original keeps them in a `BTreeMap`).
 *
 * @see document_model.md §Serialization
 */
export function serializeDocument(document: CacheDocument): string {
  const metadata = Object.entries(document.metadata)
    .sort(([left], [right]) => compareUtf8(left, right))
    .map(
      ([key, value]) =>
        `${jsonString(key)}:${typeof value === 'string' ? jsonString(value) : String(value)}`,
    )
    .join(',');
  return (
    `{"id":${jsonString(document.id)},"version":${jsonString(document.version)},` +
    `"source":${jsonString(document.source)},"content":${jsonString(document.content)},` +
    `"metadata":{${metadata}}}`
  );
}
