import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairArguments } from '../../src/controls/tolerant-arguments.js';

const SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    ratio: { type: 'number' },
    enabled: { type: 'boolean' },
    nothing: { type: 'null' },
    label: { type: 'string' },
    maybe: { type: ['integer', 'null'] },
    either: { type: ['integer', 'string'] },
    nested: { type: 'object', properties: { depth: { type: 'integer' } } },
    list: { type: 'array', items: { type: 'number' } },
  },
};

describe('repairArguments', () => {
  it('parses arguments sent as a JSON object string, after a BOM and whitespace', () => {
    const repaired = repairArguments('\uFEFF  {"label":"x"} \n', SCHEMA);
    expect(repaired.args).toEqual({ label: 'x' });
    expect(repaired.repairs).toEqual([{ rule: 'parse_stringified_object', path: '' }]);
  });

  it('leaves a string that is no JSON object for validation to refuse', () => {
    for (const text of ['[1,2]', 'not json', '{broken', '"{}"']) {
      expect(repairArguments(text, SCHEMA)).toEqual({ args: text, repairs: [] });
    }
  });

  it('coerces integers, numbers, booleans and null only where the schema type asks', () => {
    const repaired = repairArguments(
      {
        count: '42',
        ratio: '-1.5e3',
        enabled: 'false',
        nothing: 'null',
        label: '42',
        maybe: 'null',
      },
      SCHEMA,
    );
    expect(repaired.args).toEqual({
      count: 42,
      ratio: -1500,
      enabled: false,
      nothing: null,
      label: '42',
      maybe: null,
    });
    expect(repaired.repairs).toEqual([
      { rule: 'str_to_integer', path: '/count' },
      { rule: 'str_to_number', path: '/ratio' },
      { rule: 'str_to_boolean', path: '/enabled' },
      { rule: 'str_to_null', path: '/nothing' },
      { rule: 'str_to_null', path: '/maybe' },
    ]);
  });

  it('never coerces where the schema also allows a string, nor inexact literals', () => {
    const input = {
      either: '7',
      count: '4.0',
      ratio: 'Infinity',
      enabled: 'TRUE',
      nothing: 'None',
      maybe: '01',
    };
    expect(repairArguments(input, SCHEMA)).toEqual({ args: input, repairs: [] });
    expect(repairArguments({ count: '9007199254740993' }, SCHEMA).repairs).toEqual([]);
  });

  it('follows nested properties and array items, never renames or drops keys', () => {
    const repaired = repairArguments(
      { nested: { depth: '3', extra: '1' }, list: ['1', 2, '2.5'], unknown: '5' },
      SCHEMA,
    );
    expect(repaired.args).toEqual({
      nested: { depth: 3, extra: '1' },
      list: [1, 2, 2.5],
      unknown: '5',
    });
    expect(repaired.repairs.map((repair) => repair.path)).toEqual([
      '/nested/depth',
      '/list/0',
      '/list/2',
    ]);
  });

  it('returns the input itself when nothing is repaired, and a copy otherwise', () => {
    const clean = { count: 1 };
    expect(repairArguments(clean, SCHEMA).args).toBe(clean);
    const dirty = { count: '1' };
    repairArguments(dirty, SCHEMA);
    expect(dirty).toEqual({ count: '1' });
  });

  it('is idempotent: repaired arguments need no further repair (property)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.constantFrom('true', 'false', 'null', '1.5', '-0'),
      fc.integer(),
      fc.boolean(),
    );
    fc.assert(
      fc.property(
        fc.record({ count: value, ratio: value, enabled: value, nothing: value, label: value }),
        (args) => {
          const once = repairArguments(args, SCHEMA);
          expect(once.args).toHaveProperty('label', args.label);
          expect(repairArguments(once.args, SCHEMA).repairs).toEqual([]);
        },
      ),
    );
  });
});
