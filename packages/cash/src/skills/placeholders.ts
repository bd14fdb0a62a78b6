/**
 * `{{placeholder}}` substitution in skill texts.
 *
 * @module
 */

import { canonicalKey } from '../names.js';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** A skill text with its placeholders filled, and those left unfilled. */
export interface FilledText {
  /** The text; unfilled placeholders stay as written. */
  text: string;
  /** Placeholder names with no value in kwargs, in order of first appearance. */
  missing: string[];
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Replaces each `{{name}}` (spaces inside the braces allowed) with the kwargs value whose key
 * has the same canonical form (§5.3: `{{customer_id}}` takes `customerId`). Strings go in as
 * they are, other values as JSON. Substituted text is never scanned again.
 *
 * @see cash-rfc §4.3 (kwargs parameterize the skill instructions)
 */
export function fillPlaceholders(text: string, kwargs: Record<string, unknown>): FilledText {
  const values = new Map<string, unknown>();
  for (const [key, value] of Object.entries(kwargs)) {
    const canonical = canonicalKey(key);
    if (!values.has(canonical)) values.set(canonical, value);
  }
  const missing: string[] = [];
  const filled = text.replace(PLACEHOLDER, (match, name: string) => {
    const canonical = canonicalKey(name);
    if (values.has(canonical)) return valueText(values.get(canonical));
    if (!missing.includes(name)) missing.push(name);
    return match;
  });
  return { text: filled, missing };
}

/** The placeholder names of a text, in order of first appearance. */
export function placeholderNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
