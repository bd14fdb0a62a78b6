/**
 * Finds the spans of a model's text that may hold JSON: fenced code blocks, then every
 * balanced `{...}` or `[...]` in them and in the prose around them.
 *
 * @module
 */

/** A part of the text scanned on its own: a fenced block's content, or the prose between blocks. */
export interface TextRegion {
  /** Index of the first character. */
  start: number;
  /** Index one past the last character. */
  end: number;
}

/** How much scanning is left for one parse; shared by every call of {@link matchBrackets}. */
export interface ScanBudget {
  /** Characters the scanner may still visit. */
  remainingChars: number;
}

/**
 * What {@link matchBrackets} found from an opening bracket.
 *
 * - `span`: the candidate runs to `end` (exclusive); `closed` is true when its brackets balance,
 *   false when the region ended first or a closer did not match.
 * - `too_deep`: nesting went past the depth bound.
 * - `budget_exhausted`: the scan budget ran out.
 */
export type BracketMatch =
  | { kind: 'span'; end: number; closed: boolean }
  | { kind: 'too_deep' }
  | { kind: 'budget_exhausted' };

const FENCE_LINE = /^[ \t]*(`{3,}|~{3,})[^\n]*$/gm;

/**
 * Splits the text into regions: the content of each fenced code block (```` ``` ```` or `~~~`)
 * and the prose between blocks, in document order. A fence's opening line stays with the prose
 * before it, since models sometimes write a call on that line (```` ```{"tool": ...} ````). An
 * unclosed fence runs to the end of the text.
 */
export function splitRegions(text: string): TextRegion[] {
  const regions: TextRegion[] = [];
  let proseStart = 0;
  let open: { marker: string; contentStart: number; lineEnd: number } | undefined;
  for (const match of text.matchAll(FENCE_LINE)) {
    const marker = match[1] ?? '';
    const lineStart = match.index;
    const lineEnd = lineStart + match[0].length;
    if (open === undefined) {
      open = { marker, contentStart: Math.min(lineEnd + 1, text.length), lineEnd };
      continue;
    }
    const isCloser =
      marker[0] === open.marker[0] &&
      marker.length >= open.marker.length &&
      match[0].trim() === marker;
    if (!isCloser) continue;
    pushRegion(regions, proseStart, open.lineEnd);
    pushRegion(regions, open.contentStart, lineStart);
    proseStart = Math.min(lineEnd + 1, text.length);
    open = undefined;
  }
  if (open === undefined) {
    pushRegion(regions, proseStart, text.length);
  } else {
    pushRegion(regions, proseStart, open.lineEnd);
    pushRegion(regions, open.contentStart, text.length);
  }
  return regions;
}

function pushRegion(regions: TextRegion[], start: number, end: number): void {
  if (end > start) regions.push({ start, end });
}

/**
 * Scans from the opening bracket at `start` to its match, within `[start, limit)`.
 *
 * Strings in double quotes are skipped, with backslash escapes. A single quote opens a string
 * only where a value or key can start (not inside a word such as "don't"), and such a string
 * ends at the end of its line, so an apostrophe cannot swallow the rest of the text. `//` and
 * `/* *\/` comments outside strings are skipped.
 */
export function matchBrackets(
  text: string,
  start: number,
  limit: number,
  maxDepth: number,
  budget: ScanBudget,
): BracketMatch {
  const closers: string[] = [];
  let quote: string | undefined;
  let index = start;
  while (index < limit) {
    budget.remainingChars -= 1;
    if (budget.remainingChars < 0) return { kind: 'budget_exhausted' };
    const char = text[index];
    if (quote !== undefined) {
      if (char === '\\') {
        index += 2;
        continue;
      }
      if (char === quote || (quote === "'" && char === '\n')) quote = undefined;
      index += 1;
      continue;
    }
    if (char === '"' || (char === "'" && opensSingleQuotedString(text, index))) {
      quote = char;
    } else if (char === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) {
      const commentEnd = skipComment(text, index, limit);
      budget.remainingChars -= commentEnd - index;
      index = commentEnd;
      continue;
    } else if (char === '{' || char === '[') {
      closers.push(char === '{' ? '}' : ']');
      if (closers.length > maxDepth) return { kind: 'too_deep' };
    } else if (char === '}' || char === ']') {
      if (closers.pop() !== char) return { kind: 'span', end: index + 1, closed: false };
      if (closers.length === 0) return { kind: 'span', end: index + 1, closed: true };
    }
    index += 1;
  }
  return { kind: 'span', end: limit, closed: false };
}

/** A single quote starts a string only after a bracket, comma, colon or whitespace. */
function opensSingleQuotedString(text: string, index: number): boolean {
  const previous = text[index - 1];
  return (
    previous === undefined ||
    previous === '{' ||
    previous === '[' ||
    previous === ',' ||
    previous === ':' ||
    previous === ' ' ||
    previous === '\t' ||
    previous === '\n' ||
    previous === '\r'
  );
}

/** Returns the index just past the comment that starts at `index`. */
function skipComment(text: string, index: number, limit: number): number {
  if (text[index + 1] === '/') {
    const newline = text.indexOf('\n', index);
    return newline === -1 || newline >= limit ? limit : newline;
  }
  const close = text.indexOf('*/', index + 2);
  return close === -1 || close + 2 > limit ? limit : close + 2;
}
