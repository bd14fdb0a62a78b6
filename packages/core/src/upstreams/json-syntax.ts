/**
 * Locates the first syntax error of a JSON text, for messages with line and column.
 *
 * `JSON.parse` stays the judge of what is valid; `jsonc-parser` (a tolerant scanner, run
 * with comments and trailing commas disallowed) only tells where and what, because V8's
 * messages differ across versions and quote the text (which may hold secrets).
 *
 * @module
 */
import jsonc from 'jsonc-parser';

/** Where a JSON text stops being valid, 1-based, and what was wrong there. */
export interface JsonSyntaxProblem {
  line: number;
  column: number;
  message: string;
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a double-quoted property name',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected ","',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

/** The 1-based line and column of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index += 1) {
    if (text.charCodeAt(index) === 10) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax problem of `text` as the scanner sees it, or undefined if it sees none. */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  const errors: jsonc.ParseError[] = [];
  jsonc.parse(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first === undefined) {
    return undefined;
  }
  const name = jsonc.printParseErrorCode(first.error);
  return {
    ...lineAndColumn(text, first.offset),
    message: DESCRIPTIONS[name] ?? 'invalid JSON',
  };
}
