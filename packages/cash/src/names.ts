/**
 * Identifier grammar and normalization: labels, dotted namespace paths, kwargs keys.
 *
 * @module
 */

import { CashError } from './errors.js';

/** The longest label accepted, in characters. */
export const MAX_LABEL_LENGTH = 64;

const LABEL_PATTERN = /^[A-Za-z0-9_]+$/;
const ALPHANUMERIC = /[A-Za-z0-9]/;

/**
 * Whether `label` is a valid CaSH identifier: 1 to 64 characters of `A-Z a-z 0-9 _`, at least
 * one of them a letter or digit (a label of underscores only would normalize to nothing).
 *
 * @see cash-rfc §5.1, §5.3
 */
export function isValidLabel(label: string): boolean {
  return (
    typeof label === 'string' &&
    label.length <= MAX_LABEL_LENGTH &&
    LABEL_PATTERN.test(label) &&
    ALPHANUMERIC.test(label)
  );
}

/**
 * The canonical form of an identifier: underscores stripped, letters lowercased.
 *
 * `Order_Mgmt`, `order_mgmt`, `orderMgmt` and `ordermgmt` all give `ordermgmt`. Idempotent.
 *
 * @see cash-rfc §5.1, §5.3
 */
export function normalizeLabel(label: string): string {
  return label.replaceAll('_', '').toLowerCase();
}

/**
 * Checks a label given to a builder and returns its canonical form.
 *
 * @throws CashError `INVALID_LABEL` naming `what` (e.g. `namespace`) and the rule.
 * @see cash-rfc §5.1
 */
export function checkLabel(label: string, what: string): string {
  if (!isValidLabel(label)) {
    throw new CashError({
      code: 'INVALID_LABEL',
      message: `invalid ${what} label ${JSON.stringify(String(label).slice(0, 80))}: use 1-${MAX_LABEL_LENGTH} letters, digits or underscores (no dots, hyphens or spaces)`,
      data: { what, label: String(label).slice(0, 80) },
    });
  }
  return normalizeLabel(label);
}

/** A namespace path as a caller wrote it, parsed; see {@link parseNamespacePath}. */
export type ParsedNamespacePath =
  | {
      /** The path is valid. */
      ok: true;
      /** The canonical segments; empty for the root namespace. */
      segments: string[];
    }
  | {
      /** The path breaks the grammar. */
      ok: false;
      /** The canonical segments of a best-effort repair, for "nearest name" hints. */
      repaired: string[];
    };

/**
 * Parses a dotted namespace path (`orders.retail`) into canonical segments.
 *
 * `undefined` and `''` are the root namespace. A path with an empty segment (`a..b`, `.a`) or
 * a segment breaking the label rule is not ok; `repaired` then holds what it most likely meant.
 *
 * @see cash-rfc §5.2
 */
export function parseNamespacePath(path: string | undefined): ParsedNamespacePath {
  if (path === undefined || path === '') return { ok: true, segments: [] };
  const labels = path.split('.');
  if (labels.every(isValidLabel)) return { ok: true, segments: labels.map(normalizeLabel) };
  const repaired = labels
    .map((label) => toLabel(label))
    .filter((label): label is string => label !== undefined)
    .map(normalizeLabel);
  return { ok: false, repaired };
}

/** Joins canonical or display segments into a dotted path (`''` for the root). */
export function formatNamespacePath(segments: readonly string[]): string {
  return segments.join('.');
}

/**
 * Turns an outside name (an MCP tool name, a `SKILL.md` name, a manifest's suggested
 * namespace) into a valid label: each run of other characters becomes one `_`, leading and
 * trailing `_` go, and the result is cut to 64 characters. `undefined` when nothing remains.
 *
 * `get-sum` gives `get_sum`, `create-order-with-check` gives `create_order_with_check`.
 */
export function toLabel(name: string): string | undefined {
  const label = name
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_LABEL_LENGTH)
    .replace(/_+$/, '');
  return isValidLabel(label) ? label : undefined;
}

/**
 * The key under which kwargs keys and parameter names are matched: letters and digits only,
 * lowercased. For valid identifiers this is {@link normalizeLabel}; it also lets a caller's
 * `file-path` reach an upstream parameter that breaks the identifier rule.
 *
 * @see cash-rfc §5.3
 */
export function canonicalKey(key: string): string {
  return key.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}
