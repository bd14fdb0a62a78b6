import { CoreError } from '../errors.js';

/** How one field of a document counts in {@link SearchIndexOptions.fields}. */
export interface SearchFieldOptions {
  /** How much a match in this field counts, relative to other fields. `>= 0`; default `1`. */
  readonly weight?: number;
  /** Length normalization of this field, in `[0, 1]`; default the index's `b`. */
  readonly b?: number;
}

/** What `createSearchIndex` takes. */
export interface SearchIndexOptions<Document, Field extends string> {
  /** The fields to index, in a fixed order, with their weights. At least one. */
  readonly fields: Readonly<Record<Field, SearchFieldOptions>>;
  /** A document's unique id; results tie-break on it. */
  readonly id: (document: Document) => string;
  /** The text of one field of a document; `undefined` for none. */
  readonly text: (document: Document, field: Field) => string | undefined;
  /** Term-frequency saturation, `>= 0`; default `1.2`. */
  readonly k1?: number;
  /** Length normalization, in `[0, 1]`; default `0.75`. */
  readonly b?: number;
  /**
   * Count each distinct query term once, however often the query repeats it; default `true`.
   * Long task-like queries repeat words, and counting them once keeps one sub-task from
   * crowding out the others.
   */
  readonly termsOnce?: boolean;
  /** The tokenizer for documents and queries; default `tokenize`. */
  readonly tokenize?: (text: string) => readonly string[];
}

/** What `SearchIndex.search` takes. */
export interface SearchOptions {
  /** The most hits to return: a whole number `>= 0` or `Infinity`; default `10`. */
  readonly limit?: number;
  /**
   * Rank a query of several sentences (split at `.`, `!`, `?` or `;` before whitespace, and at
   * line breaks; fragments of one term join the next sentence) as a request of several intents;
   * default `false`. Each document then scores its whole-query BM25F score divided by the best
   * one, plus the best, over the sentences, of its score for that sentence alone divided by that
   * sentence's best: so the tool each step of a multi-step request asks for ranks near the top,
   * even when another step's words dominate the whole query. A one-sentence query keeps plain
   * BM25F scores.
   */
  readonly sentences?: boolean;
}

/** Field weights and parameters after validation, in the order of the `fields` record. */
export interface ResolvedSearchOptions<Field extends string> {
  readonly fields: readonly Field[];
  readonly weights: readonly number[];
  readonly b: readonly number[];
  readonly k1: number;
  readonly termsOnce: boolean;
}

/** Checks the numeric options once, so that searching never meets a bad parameter. */
export function resolveSearchOptions<Document, Field extends string>(
  options: SearchIndexOptions<Document, Field>,
): ResolvedSearchOptions<Field> {
  const fields = Object.keys(options.fields) as Field[];
  if (fields.length === 0) invalid('a search index needs at least one field');
  const k1 = options.k1 ?? 1.2;
  if (!(Number.isFinite(k1) && k1 >= 0)) invalid(`k1 must be a finite number >= 0, got ${k1}`);
  const b = checkB(options.b ?? 0.75, 'b');
  const weights: number[] = [];
  const bs: number[] = [];
  for (const field of fields) {
    const fieldOptions = options.fields[field];
    const weight = fieldOptions.weight ?? 1;
    if (!(Number.isFinite(weight) && weight >= 0)) {
      invalid(`the weight of field "${field}" must be a finite number >= 0, got ${weight}`);
    }
    weights.push(weight);
    bs.push(checkB(fieldOptions.b ?? b, `b of field "${field}"`));
  }
  return { fields, weights, b: bs, k1, termsOnce: options.termsOnce ?? true };
}

/** Checks a result limit: a whole number `>= 0` or `Infinity`. */
export function checkLimit(limit: number): number {
  if (!((Number.isInteger(limit) && limit >= 0) || limit === Number.POSITIVE_INFINITY)) {
    invalid(`limit must be a whole number >= 0 or Infinity, got ${String(limit)}`);
  }
  return limit;
}

function checkB(value: number, name: string): number {
  if (!(value >= 0 && value <= 1)) invalid(`${name} must be in [0, 1], got ${value}`);
  return value;
}

/** Throws the `INVALID_ARGUMENT` error of the search module. */
export function invalid(message: string): never {
  throw new CoreError({ code: 'INVALID_ARGUMENT', message });
}
