/**
 * The shape of a hidden-instruction rule and of what it finds.
 *
 * @module
 */

/**
 * One named rule of the hidden-instruction detector. A rule looks at one piece of text (a
 * description, a title, one string of a schema) and answers with the evidence it saw, or
 * `undefined` when the text is clean.
 */
export interface DetectorRule {
  /** The rule's stable name, shown in reports (`invisible-unicode`, `authority-tag`, ...). */
  readonly id: string;
  /** One line for operators: what the rule looks for and why. */
  readonly summary: string;
  /** The evidence in `text` (a short quote or a code point), or `undefined` when none. */
  check(text: string): string | undefined;
}

/** One rule that fired on one field of a tool. */
export interface IntegrityFinding {
  /** The {@link DetectorRule.id} that fired. */
  readonly rule: string;
  /** Where in the tool: `description`, `title`, `inputSchema.properties.path.description`, ... */
  readonly field: string;
  /** What the rule saw (a short quote, control characters written as `U+XXXX`). */
  readonly evidence: string;
}

/** Writes every character outside printable ASCII as `U+XXXX`, so evidence shows what hides. */
export function showInvisible(text: string): string {
  let shown = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    shown +=
      code >= 0x20 && code < 0x7f
        ? character
        : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  }
  return shown;
}

/** A quote of `text` around `index`, at most about 60 characters. */
export function quoteAround(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 20);
  const end = Math.min(text.length, index + length + 20);
  return `${start > 0 ? '...' : ''}${showInvisible(text.slice(start, end))}${end < text.length ? '...' : ''}`;
}
