import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectionSchema, validateSelection } from '../../src/browse/selection.js';
import { GatewayError } from '../../src/errors.js';
import { anyText, toolIdArbitrary } from '../arbitraries.js';

const candidates = [
  'github:create_issue@1.4.0',
  'github:list_issues#0a1b2c3d',
  'slack:slack_send_message#3a91c7d2',
];

describe('selectionSchema', () => {
  it('renders the bare JSON Schema with the ids as an enum in routed order', () => {
    expect(selectionSchema('json_schema', [...candidates, candidates[0] as string])).toEqual({
      type: 'object',
      properties: {
        selection: { type: 'string', enum: candidates, description: 'The id of the chosen card.' },
      },
      required: ['selection'],
      additionalProperties: false,
    });
  });

  it('wraps it in the OpenAI response_format envelope', () => {
    const format = selectionSchema('openai', candidates, { name: 'pick' });
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('pick');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.properties.selection.enum).toEqual(candidates);
  });

  it('wraps it in an Anthropic tool definition', () => {
    const tool = selectionSchema('anthropic', candidates);
    expect(tool.name).toBe('select_tool');
    expect(tool.input_schema.required).toEqual(['selection']);
  });

  it('raises NO_CANDIDATES with no candidates (the spec RouteError)', () => {
    expect(() => selectionSchema('json_schema', [])).toThrow(
      expect.objectContaining({ code: 'NO_CANDIDATES' }),
    );
  });

  it('refuses bad ids, names and variants with ARGS_INVALID', () => {
    const cases: Array<() => unknown> = [
      () => selectionSchema('json_schema', [''] as string[]),
      () => selectionSchema('json_schema', [7] as unknown as string[]),
      () => selectionSchema('json_schema', 'a:b' as unknown as string[]),
      () => selectionSchema('openai', candidates, { name: 'has space' }),
      () => selectionSchema('gemini' as 'openai', candidates),
    ];
    for (const action of cases) {
      expect(action).toThrow(expect.objectContaining({ code: 'ARGS_INVALID' }));
      expect(action).toThrow(GatewayError);
    }
  });
});

describe('validateSelection', () => {
  it('accepts an exact id', () => {
    expect(validateSelection('github:create_issue@1.4.0', candidates)).toEqual({
      status: 'accepted',
      selection: 'github:create_issue@1.4.0',
    });
  });

  it.each([
    ['  github:create_issue@1.4.0\n', 'github:create_issue@1.4.0', 'trimmed'],
    ['GitHub:Create_Issue@1.4.0', 'github:create_issue@1.4.0', 'case_insensitive'],
    [' SLACK:slack_send', 'slack:slack_send_message#3a91c7d2', 'prefix'],
  ])('repairs %j to %s by the first rule that applies (%s)', (input, selection, rule) => {
    expect(validateSelection(input, candidates)).toEqual({ status: 'repaired', selection, rule });
  });

  it('rejects ambiguous prefixes and case folds instead of guessing', () => {
    expect(validateSelection('github:', candidates)).toEqual({
      status: 'rejected',
      reason: 'ambiguous',
      matches: ['github:create_issue@1.4.0', 'github:list_issues#0a1b2c3d'],
    });
    expect(
      validateSelection('a:X#00000000', ['a:x#00000000', 'a:X#00000000', 'a:X#00000001']),
    ).toEqual({
      status: 'accepted',
      selection: 'a:X#00000000',
    });
    expect(validateSelection('A:x', ['a:x', 'a:X', 'a:xy'])).toEqual({
      status: 'rejected',
      reason: 'ambiguous',
      matches: ['a:X', 'a:x'],
    });
  });

  it('rejects non-strings, blanks and strangers', () => {
    expect(validateSelection(undefined, candidates)).toMatchObject({ reason: 'not_a_string' });
    expect(validateSelection({ selection: 'x' }, candidates)).toMatchObject({
      reason: 'not_a_string',
    });
    expect(validateSelection('   ', candidates)).toMatchObject({ reason: 'empty' });
    expect(validateSelection('jira:create', candidates)).toMatchObject({ reason: 'no_match' });
    expect(validateSelection('x', 'nope' as unknown as string[])).toMatchObject({
      reason: 'no_match',
    });
  });

  it('never routes to a candidate the value does not identify (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(toolIdArbitrary, { maxLength: 10 }),
        anyText(60),
        (ids, selected) => {
          const result = validateSelection(selected, ids);
          if (result.status === 'rejected') return;
          expect(ids).toContain(result.selection);
          const value = selected.trim().toLowerCase();
          expect(result.selection.toLowerCase().startsWith(value)).toBe(true);
          const rivals = ids.filter(
            (id) => id !== result.selection && id.toLowerCase().startsWith(value),
          );
          if (result.status === 'repaired' && result.rule === 'prefix') expect(rivals).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('accepts every offered id and repairs any case change of a case-unique id (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(toolIdArbitrary, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        (ids, pick) => {
          const chosen = ids[pick % ids.length] as string;
          expect(validateSelection(chosen, ids)).toEqual({ status: 'accepted', selection: chosen });
          const caseTwins = ids.filter((id) => id.toLowerCase() === chosen.toLowerCase());
          const shouted = chosen.toUpperCase();
          const result = validateSelection(shouted, ids);
          if (caseTwins.length === 1 && shouted !== chosen)
            expect(result).toMatchObject({ selection: chosen });
        },
      ),
      { numRuns: 300 },
    );
  });
});
