/**
 * Bounded label values: a method or tool name comes from the caller (or an upstream), so a
 * hostile one could mint a new time series per request. Each label keeps at most a fixed number
 * of distinct values; later ones are reported as `other`.
 *
 * @module
 */

/** Distinct values one label keeps before it reports `other`. */
export const MAX_LABEL_VALUES = 256;
/** The longest label value kept; a longer one is reported as `other`. */
export const MAX_LABEL_LENGTH = 128;
/** The value reported past the bounds. */
export const OTHER_LABEL = 'other';

/** A set of label values that stops growing at {@link MAX_LABEL_VALUES}. */
export interface BoundedLabel {
  /** `value` when it is known or there is room for it, else `other`. */
  of(value: string): string;
}

/** Creates one bounded label. */
export function createBoundedLabel(limit = MAX_LABEL_VALUES): BoundedLabel {
  const seen = new Set<string>();
  return {
    of(value) {
      if (seen.has(value)) return value;
      if (value.length > MAX_LABEL_LENGTH || seen.size >= limit) return OTHER_LABEL;
      seen.add(value);
      return value;
    },
  };
}

/** The process's method names, shared by every server and upstream. */
export const methodLabels: BoundedLabel = createBoundedLabel();
/** The process's tool names, shared by every server and upstream. */
export const toolLabels: BoundedLabel = createBoundedLabel();
