import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../src/read-json.js';

const encode = (text: string) => new TextEncoder().encode(text);
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('parseJsonBytes', () => {
  it('accepts nesting up to 128 levels and refuses deeper, as serde_json does', () => {
    expect(parseJsonBytes(encode(nested(128)))).toMatchObject({ kind: 'parsed' });
    expect(parseJsonBytes(encode(nested(129)))).toEqual({ kind: 'malformed' });
  });

  it('refuses a lone surrogate in a string or a key', () => {
    expect(parseJsonBytes(encode('["\\ud800"]'))).toEqual({ kind: 'malformed' });
    expect(parseJsonBytes(encode('{"\\udc00": 1}'))).toEqual({ kind: 'malformed' });
    expect(parseJsonBytes(encode('{"\\ud83d\\ude00": "ok"}'))).toMatchObject({ kind: 'parsed' });
  });
});
