/**
 * Reads the regular expressions of OpenAPI documents, often written for another engine
 * (PCRE, Python, Java), as the JavaScript regular expressions ajv compiles (`u` flag).
 *
 * @module
 */

/**
 * What {@link translatePattern} made of a pattern.
 *
 * - `valid`: already a JavaScript regular expression; used as is.
 * - `translated`: rewritten to one with the same meaning, `pattern`.
 * - `invalid`: neither; `reason` is the JavaScript engine's complaint about the original.
 */
export type PatternTranslation =
  | { kind: 'valid' }
  | { kind: 'translated'; pattern: string }
  | { kind: 'invalid'; reason: string };

/** POSIX bracket classes and their JavaScript equivalents inside `[...]`. */
const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  digit: '0-9',
  lower: 'a-z',
  upper: 'A-Z',
  space: '\\s',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  punct: '!-\\/:-@\\[-`{-~',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
};

/** Characters a `u`-flag expression lets a backslash escape outside a class. */
const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');

/** Letters that start an escape a `u`-flag expression knows (`\d`, `\u{...}`, `\k<name>`, ...). */
const ESCAPE_LETTERS = new Set('dDwWsSbBfnrtvcxu0123456789kpP');

function compileError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** True when `{` at `index` starts a quantifier `{n}`, `{n,}` or `{n,m}`. */
function isQuantifier(pattern: string, index: number): boolean {
  return /^\{\d+(?:,\d*)?\}/.test(pattern.slice(index));
}

/**
 * Rewrites the constructs other engines accept and JavaScript's `u` mode refuses or reads
 * differently, keeping their meaning: `\A` and `\Z`/`\z` anchors, Python's `(?P<name>...)` and
 * `(?P=name)`, POSIX classes such as `[[:alpha:]]`, braces that are no quantifier, and escapes
 * of characters that need none (`\-`, `\_`, `\@` outside a class).
 */
function rewrite(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern.charAt(index);
    const next = pattern.charAt(index + 1);
    if (char === '\\') {
      if (inClass) {
        // Inside a class `u` mode knows `\-` too; other escapes of plain characters are dropped.
        out +=
          next === '-' || SYNTAX_CHARACTERS.has(next) || ESCAPE_LETTERS.has(next)
            ? `\\${next}`
            : next;
      } else if (next === 'A') {
        out += '^';
      } else if (next === 'Z' || next === 'z') {
        out += '$';
      } else if (SYNTAX_CHARACTERS.has(next) || ESCAPE_LETTERS.has(next) || next === '') {
        out += `\\${next}`;
      } else {
        out += next;
      }
      index += 1;
      continue;
    }
    if (inClass) {
      const posix = /^\[:([a-z]+):\]/.exec(pattern.slice(index));
      const replacement = posix === null ? undefined : POSIX_CLASSES[posix[1] ?? ''];
      if (posix !== null && replacement !== undefined) {
        out += replacement;
        index += posix[0].length - 1;
        continue;
      }
      if (char === ']') inClass = false;
      out += char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      // A `]` right after `[` or `[^` is a literal in PCRE; JavaScript needs it escaped.
      if (next === '^') {
        out += '^';
        index += 1;
      }
      if (pattern.charAt(index + 1) === ']') {
        out += '\\]';
        index += 1;
      }
      continue;
    }
    if (char === '(' && pattern.startsWith('(?P<', index)) {
      out += '(?<';
      index += 3;
      continue;
    }
    if (char === '(' && pattern.startsWith('(?P=', index)) {
      const close = pattern.indexOf(')', index);
      if (close !== -1) {
        out += `\\k<${pattern.slice(index + 4, close)}>`;
        index = close;
        continue;
      }
    }
    if (char === '{' && !isQuantifier(pattern, index)) {
      out += '\\{';
      continue;
    }
    if (char === '}' && !/\{\d+(?:,\d*)?$/.test(pattern.slice(0, index))) {
      out += '\\}';
      continue;
    }
    out += char;
  }
  return out;
}

/**
 * Reads `pattern` as a JavaScript regular expression with the `u` flag, as ajv compiles it:
 * as it is when it compiles, else rewritten (see `rewrite`) when the rewrite compiles.
 * Never throws.
 */
export function translatePattern(pattern: string): PatternTranslation {
  const reason = compileError(pattern);
  if (reason === undefined) return { kind: 'valid' };
  const rewritten = rewrite(pattern);
  if (rewritten !== pattern && compileError(rewritten) === undefined) {
    return { kind: 'translated', pattern: rewritten };
  }
  return { kind: 'invalid', reason };
}
