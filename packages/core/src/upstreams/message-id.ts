/**
 * Reads what a JSON-RPC line that was too large to keep says at its ends: which top-level
 * members it opens with and its id, without holding or parsing the whole line.
 *
 * @module
 */
import type { RequestId } from '@modelcontextprotocol/client';

/** What the first bytes of a JSON-RPC message show of it. */
export interface MessageStart {
  /** The names of the top-level members seen up to where the text stops, in order. */
  members: string[];
  /** The top-level `id`, when its whole value is in the text and is a string or an integer. */
  id?: RequestId;
}

const WHITESPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;
/** A JSON number followed by what may end it, so that a number cut short is not taken. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?=[ \t\n\r,}])/y;

function skipWhitespace(text: string, at: number): number {
  WHITESPACE.lastIndex = at;
  WHITESPACE.exec(text);
  return WHITESPACE.lastIndex;
}

function readString(text: string, at: number): { value: string; end: number } | undefined {
  STRING.lastIndex = at;
  const match = STRING.exec(text);
  if (match === null) return undefined;
  try {
    return { value: JSON.parse(match[0]) as string, end: STRING.lastIndex };
  } catch {
    return undefined;
  }
}

/** The end of the value at `at` (a member's value inside an object), or undefined if cut. */
function skipValue(text: string, at: number): number | undefined {
  let depth = 0;
  let position = at;
  while (position < text.length) {
    const char = text[position];
    if (char === '"') {
      const string = readString(text, position);
      if (string === undefined) return undefined;
      position = string.end;
      if (depth === 0) return position;
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      if (depth === 0) return position;
      depth -= 1;
      if (depth === 0) return position + 1;
    } else if (char === ',' && depth === 0) return position;
    position += 1;
  }
  return undefined;
}

function readId(text: string, at: number): { id: RequestId | undefined; end: number } | undefined {
  const string = readString(text, at);
  if (string !== undefined) return { id: string.value, end: string.end };
  NUMBER.lastIndex = at;
  const number = NUMBER.exec(text);
  if (number === null) return undefined;
  const value = Number(number[0]);
  return { id: Number.isSafeInteger(value) ? value : undefined, end: NUMBER.lastIndex };
}

/**
 * The top-level members and id that `head`, the first bytes of a JSON object, shows; it stops
 * quietly where the text is cut or is not JSON. Law: for any message `m` and any cut `n`,
 * `readMessageStart(JSON.stringify(m).slice(0, n))` names a prefix of `Object.keys(m)` and
 * gives either no id or `m.id`.
 */
export function readMessageStart(head: string): MessageStart {
  const start: MessageStart = { members: [] };
  let position = skipWhitespace(head, 0);
  if (head[position] !== '{') return start;
  position += 1;
  for (;;) {
    position = skipWhitespace(head, position);
    const key = readString(head, position);
    if (key === undefined) return start;
    position = skipWhitespace(head, key.end);
    if (head[position] !== ':') return start;
    start.members.push(key.value);
    position = skipWhitespace(head, position + 1);
    let end: number | undefined;
    if (key.value === 'id' && !('id' in start)) {
      const id = readId(head, position);
      if (id === undefined) return start;
      if (id.id !== undefined) start.id = id.id;
      end = id.end;
    } else end = skipValue(head, position);
    if (end === undefined) return start;
    position = skipWhitespace(head, end);
    if (head[position] !== ',') return start;
    position += 1;
  }
}

const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*\r?$/;

/**
 * The id of a message whose last member is its id, as the SDK writes it (`{...,"id":7}`),
 * read from `tail`, its last bytes.
 */
export function readIdAtEnd(tail: string): RequestId | undefined {
  const found = ID_AT_END.exec(tail)?.[1];
  if (found === undefined) return undefined;
  try {
    const id: unknown = JSON.parse(found);
    if (typeof id === 'string') return id;
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
