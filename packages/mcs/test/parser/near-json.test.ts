import { describe, expect, it } from 'vitest';
import { parseNearJson } from '../../src/parser/near-json.js';

describe('parseNearJson', () => {
  it('parses strict JSON without repair', () => {
    expect(parseNearJson('{"a": [1, 2]}', 8, { repair: true })).toEqual({
      kind: 'ok',
      value: { a: [1, 2] },
      repaired: false,
    });
  });

  it('repairs what models get wrong only when allowed', () => {
    const text = "{a: 'b', c: True, // note\n d: [1,2,],}";
    expect(parseNearJson(text, 8, { repair: false })).toEqual({ kind: 'unparseable' });
    expect(parseNearJson(text, 8, { repair: true })).toEqual({
      kind: 'ok',
      value: { a: 'b', c: true, d: [1, 2] },
      repaired: true,
    });
  });

  it('refuses nesting past the bound before parsing', () => {
    expect(parseNearJson(`${'['.repeat(9)}${']'.repeat(9)}`, 8, { repair: true })).toEqual({
      kind: 'too_deep',
    });
  });

  it('names the first forbidden key at any depth', () => {
    expect(parseNearJson('{"a": [{"constructor": 1}]}', 8, { repair: true })).toEqual({
      kind: 'forbidden_key',
      key: 'constructor',
      repaired: false,
    });
  });
});

describe('the depth bound of parseNearJson', () => {
  it('ignores brackets inside strings', () => {
    expect(parseNearJson('{"a": "[[[{{{", "b": [1]}', 2, { repair: false })).toMatchObject({
      kind: 'ok',
    });
    expect(parseNearJson('{"a": "[[[{{{", "b": [1]}', 1, { repair: false })).toEqual({
      kind: 'too_deep',
    });
  });
});
