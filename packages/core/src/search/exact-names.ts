/**
 * Exact names: a request that is, or contains, a tool's name ranks that tool first.
 *
 * @module
 */

/**
 * Characters that surround a name in prose without being part of it: whitespace, quotes,
 * brackets, and `,` `;` `!` `?` (and a `.` or `:` that ends a word, see {@link wordsOf}).
 */
const AROUND_NAME = /[\s"'`“”‘’()[\]{}<>,;!?]+/u;

/**
 * Whether a name looks like an identifier rather than a word of prose: it has a separator
 * (`_ - . / : # &`), a digit, or a capital after a small letter (`getWeather`). Such a name met
 * inside a request refers to the tool; a name that is one plain word (`search`, `fetch`) is a
 * word of the request like any other, and counts only when it is the whole request.
 */
function isIdentifierShaped(name: string): boolean {
  return /[_\-./:#&\d]/u.test(name) || /\p{Ll}\p{Lu}/u.test(name);
}

/** Finds the tools a request names, built by {@link createExactNameMatcher}. */
export interface ExactNameMatcher {
  /**
   * The positions (in the order the tools were given) of the tools `query` names: first those
   * whose name the whole request equals, then those whose identifier-shaped name appears in it
   * as a word, longer names first, then by position. Case is ignored. Empty when none.
   */
  match(query: string): number[];
}

/**
 * Indexes each tool's names (its name, client-safe name, id: whatever the caller lists), lower
 * case, for {@link ExactNameMatcher.match}. Matching costs one map lookup per word of the request.
 */
export function createExactNameMatcher(names: readonly (readonly string[])[]): ExactNameMatcher {
  const whole = new Map<string, number[]>();
  const contained = new Map<string, number[]>();
  names.forEach((toolNames, position) => {
    for (const name of new Set(toolNames.map((value) => value.trim().toLowerCase()))) {
      if (name === '') continue;
      push(whole, name, position);
      if (isIdentifierShaped(name) && !/\s/u.test(name)) push(contained, name, position);
    }
  });
  return {
    match(query) {
      const lower = query.trim().toLowerCase();
      const found: { position: number; rank: number; length: number }[] = [];
      const seen = new Set<number>();
      const add = (positions: readonly number[] | undefined, rank: number, length: number) => {
        for (const position of positions ?? []) {
          if (seen.has(position)) continue;
          seen.add(position);
          found.push({ position, rank, length });
        }
      };
      add(whole.get(lower), 0, lower.length);
      if (contained.size > 0) {
        for (const word of wordsOf(lower)) add(contained.get(word), 1, word.length);
      }
      return found
        .sort((x, y) => x.rank - y.rank || y.length - x.length || x.position - y.position)
        .map((entry) => entry.position);
    },
  };
}

/** The words of a request, each also without a `.` or `:` it ends with (`use read_file.`). */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const word of text.split(AROUND_NAME)) {
    if (word === '') continue;
    words.push(word);
    const trimmed = word.replace(/[.:]+$/u, '');
    if (trimmed !== word && trimmed !== '') words.push(trimmed);
  }
  return words;
}

function push(map: Map<string, number[]>, key: string, position: number): void {
  const positions = map.get(key);
  if (positions === undefined) map.set(key, [position]);
  else positions.push(position);
}
