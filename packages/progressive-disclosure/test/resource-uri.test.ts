import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatToolDescriptionsUri,
  parseToolDescriptionsUri,
  TOOL_DESCRIPTIONS_URI,
} from '../src/index.js';

const limits = { maxTools: 100, maxNameLength: 128 };
const parse = (uri: string) => parseToolDescriptionsUri(uri, limits);

describe('parseToolDescriptionsUri (§4.3)', () => {
  it('reads one name and comma-separated names in request order', () => {
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=b`)).toEqual({ kind: 'selected', names: ['b'] });
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=b,a,c`)).toEqual({
      kind: 'selected',
      names: ['b', 'a', 'c'],
    });
  });

  it('answers missing without a tools parameter or with only empty names (§6.1)', () => {
    for (const suffix of [
      '',
      '?',
      '?tools',
      '?tools=',
      '?tools=,,',
      '?tools=%20,+',
      '?other=a',
      '#x',
    ]) {
      expect(parse(`${TOOL_DESCRIPTIONS_URI}${suffix}`)).toEqual({ kind: 'missing' });
    }
  });

  it('drops empty names, trims spaces and keeps each name once', () => {
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=,a,,%20b ,a,`)).toEqual({
      kind: 'selected',
      names: ['a', 'b'],
    });
  });

  it('merges repeated tools parameters and ignores other parameters and the fragment', () => {
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=a&v=2&tools=b#tools=c`)).toEqual({
      kind: 'selected',
      names: ['a', 'b'],
    });
  });

  it('decodes percent escapes into names without splitting on encoded commas or ampersands', () => {
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=a%2Fb,..,x%26tools%3Dy,%zz`)).toEqual({
      kind: 'selected',
      names: ['a/b', '..', 'x&tools=y', '%zz'],
    });
  });

  it('treats other paths, schemes and dot segments as other resources', () => {
    for (const uri of [
      'resource:///tool_descriptions/?tools=a',
      'resource:///tool_descriptions/../tool_descriptions?tools=a',
      'resource:///tool_descriptionsX?tools=a',
      'resource://tool_descriptions?tools=a',
      'file:///tool_descriptions?tools=a',
      '',
    ]) {
      expect(parse(uri)).toEqual({ kind: 'other' });
    }
  });

  it('refuses more distinct names than allowed and over-long names', () => {
    const many = Array.from({ length: 101 }, (_, index) => `t${index}`).join(',');
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=${many}`)).toEqual({
      kind: 'too-many',
      count: 101,
    });
    expect(parse(`${TOOL_DESCRIPTIONS_URI}?tools=${'x'.repeat(129)}`)).toEqual({
      kind: 'name-too-long',
      length: 129,
    });
  });

  it('never throws, whatever follows the resource URI', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (suffix) => {
        const selection = parse(`${TOOL_DESCRIPTIONS_URI}?${suffix}`);
        expect(['missing', 'selected', 'too-many', 'name-too-long']).toContain(selection.kind);
      }),
    );
  });

  it('round-trips: parse(format(names)) gives the distinct names back', () => {
    const name = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      .filter((text) => !text.includes(',') && text.trim() === text && text !== '');
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 20 }), (names) => {
        expect(parse(formatToolDescriptionsUri(names))).toEqual({
          kind: 'selected',
          names: [...new Set(names)],
        });
      }),
    );
  });

  it('formats MCP tool names readably, keeping slashes', () => {
    expect(formatToolDescriptionsUri(['fs/read_file', 'a.b-c'])).toBe(
      'resource:///tool_descriptions?tools=fs/read_file,a.b-c',
    );
  });
});
