/**
 * A parser of `WWW-Authenticate` header values (RFC 9110 §11.6.1 challenges; RFC 6750 §3 for the
 * Bearer scheme's parameters), so checks read `resource_metadata`, `error` and `scope` the way a
 * client would.
 *
 * @module
 */

import { ConformanceError } from '../../errors.js';

/** One challenge: its scheme (lowercased) and its auth-params (names lowercased). */
export interface Challenge {
  /** The auth-scheme, lowercased (`bearer`). */
  readonly scheme: string;
  /** The auth-params, names lowercased, quoted-string values unquoted. */
  readonly params: Readonly<Record<string, string>>;
}

/** RFC 9110 §5.6.2 tchar. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/u;
/** RFC 9110 §11.2 token68, as the remainder of a challenge. */
const TOKEN68 = /^[A-Za-z0-9._~+/-]+=*(?=\s*(,|$))/u;

/**
 * The challenges of one `WWW-Authenticate` value, in order.
 *
 * @throws ConformanceError `PROTOCOL` naming the offset where the value breaks the grammar.
 */
export function parseWwwAuthenticate(value: string): Challenge[] {
  const reader = new Reader(value);
  const challenges: Challenge[] = [];
  reader.skipSeparators();
  while (!reader.atEnd()) {
    const scheme = reader.token('an auth-scheme');
    const params: Record<string, string> = {};
    if (reader.skipSpaces() && reader.match(TOKEN68) === undefined) {
      while (!reader.atEnd() && reader.paramAhead()) {
        const name = reader.token('an auth-param name').toLowerCase();
        reader.skipSpaces();
        reader.expect('=');
        reader.skipSpaces();
        params[name] = reader.peek() === '"' ? reader.quoted() : reader.token('a value');
        reader.skipSpaces();
        if (!reader.atEnd()) reader.expect(',');
        reader.skipSpaces();
        while (reader.peek() === ',') {
          reader.expect(',');
          reader.skipSpaces();
        }
      }
    }
    challenges.push({ scheme: scheme.toLowerCase(), params });
    reader.skipSeparators();
  }
  if (challenges.length === 0) throw malformed(value, 0, 'no challenge');
  return challenges;
}

/** The first Bearer challenge of a header value, if any (a malformed value has none). */
export function bearerChallenge(value: string | null): Challenge | undefined {
  if (value === null) return undefined;
  try {
    return parseWwwAuthenticate(value).find((challenge) => challenge.scheme === 'bearer');
  } catch {
    return undefined;
  }
}

function malformed(value: string, offset: number, expected: string): ConformanceError {
  return new ConformanceError({
    code: 'PROTOCOL',
    message: `WWW-Authenticate ${JSON.stringify(value)} breaks the challenge grammar at ${offset}: expected ${expected}`,
  });
}

class Reader {
  private offset = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.offset >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.offset];
  }

  /** Skips spaces and tabs; whether any were skipped. */
  skipSpaces(): boolean {
    const start = this.offset;
    while (this.peek() === ' ' || this.peek() === '\t') this.offset++;
    return this.offset > start;
  }

  skipSeparators(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === ',') this.offset++;
  }

  /** Whether a `name =` auth-param starts here (else the next challenge's scheme does). */
  paramAhead(): boolean {
    const rest = this.text.slice(this.offset);
    return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+[ \t]*=/u.test(rest);
  }

  match(pattern: RegExp): string | undefined {
    const found = pattern.exec(this.text.slice(this.offset));
    if (found === null) return undefined;
    this.offset += found[0].length;
    return found[0];
  }

  token(what: string): string {
    const found = this.match(TOKEN);
    if (found === undefined) throw malformed(this.text, this.offset, what);
    return found;
  }

  expect(character: string): void {
    if (this.peek() !== character) throw malformed(this.text, this.offset, `"${character}"`);
    this.offset++;
  }

  /** A quoted-string (RFC 9110 §5.6.4), unquoted. */
  quoted(): string {
    this.expect('"');
    let value = '';
    for (;;) {
      const character = this.peek();
      if (character === undefined) throw malformed(this.text, this.offset, 'a closing quote');
      this.offset++;
      if (character === '"') return value;
      if (character === '\\') {
        const escaped = this.peek();
        if (escaped === undefined) throw malformed(this.text, this.offset, 'an escaped character');
        this.offset++;
        value += escaped;
      } else value += character;
    }
  }
}

/** A challenge as a header value, every param quoted: the inverse of {@link parseWwwAuthenticate}. */
export function formatChallenge(challenge: Challenge): string {
  const params = Object.entries(challenge.params).map(
    ([name, value]) => `${name}="${value.replace(/["\\]/gu, (character) => `\\${character}`)}"`,
  );
  return params.length === 0 ? challenge.scheme : `${challenge.scheme} ${params.join(', ')}`;
}
