import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executableContent } from '../../../src/specs/cash/checks/skills.js';
import { parseParameters, statesNoParameters } from '../../../src/specs/cash/function-doc.js';
import { advertisedThreshold, suggestedLimit } from '../../../src/specs/cash/gate-observation.js';
import { parseHelpListing } from '../../../src/specs/cash/help-listing.js';
import { manifestProblems } from '../../../src/specs/cash/manifest.js';
import { canonical, nearMiss, respell, respellPath } from '../../../src/specs/cash/names.js';
import { parseCashFlags } from '../../../src/specs/cash/settings.js';
import { parseSkillListing } from '../../../src/specs/cash/skills.js';
import type { ToolAnswer } from '../../../src/specs/cash/tool-answer.js';

/** CaSH identifiers: letters, digits, underscores. */
const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/);
/** One-line descriptions without markdown markup. */
const description = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.()]{0,40}[A-Za-z.]$/);
const entries = fc.uniqueArray(fc.tuple(identifier, description), {
  selector: ([name]) => name,
  maxLength: 6,
});

function answer(text: string, structured?: Record<string, unknown>): ToolAnswer {
  return {
    isError: true,
    protocolError: undefined,
    text,
    size: text.length,
    contentTypes: ['text'],
    structured,
    meta: undefined,
  };
}

describe('reading help listings', () => {
  it('reads back the entries of a markdown listing and the kind each heading names', () => {
    // Law: parse(render(namespaces, functions)) gives the names, descriptions and kinds rendered.
    fc.assert(
      fc.property(entries, entries, (namespaces, functions) => {
        const section = (heading: string, items: [string, string][]) =>
          items.length === 0
            ? []
            : [`## ${heading}`, '', ...items.map(([name, text]) => `- **${name}** — ${text}`), ''];
        const text = [
          '# orders',
          '',
          ...section('Sub-namespaces', namespaces),
          ...section('Functions', functions),
        ].join('\n');
        const read = parseHelpListing(text).entries.map((entry) => [
          entry.name,
          entry.description,
          entry.hint,
        ]);
        expect(read).toEqual([
          ...namespaces.map(([name, text]) => [name, text, 'namespace']),
          ...functions.map(([name, text]) => [name, text, 'function']),
        ]);
      }),
    );
  });

  it('reads back the entries of a JSON listing', () => {
    fc.assert(
      fc.property(entries, (functions) => {
        const json = JSON.stringify({
          functions: functions.map(([name, text]) => ({ name, description: text })),
        });
        const listing = parseHelpListing(json);
        expect(listing.format).toBe('json');
        expect(listing.entries.map((entry) => [entry.name, entry.description])).toEqual(functions);
      }),
    );
  });

  it('keeps indented lines with their entry, and reads names in backticks and bare words', () => {
    const listing = parseHelpListing(
      '# x\n\n- `alpha`: first\n  more about alpha\n* beta – second (namespace)\n\n| a | b |',
    );
    expect(
      listing.entries.map((entry) => [entry.name, entry.description, entry.continuation]),
    ).toEqual([
      ['alpha', 'first', ['more about alpha']],
      ['beta', 'second (namespace)', []],
    ]);
    expect(listing.tableRows).toBe(1);
  });
});

describe('reading function documentation', () => {
  it('reads back the parameters of a markdown table', () => {
    // Law: parse(table(parameters)) gives the names, types and required flags rendered.
    const parameter = fc.record({
      name: identifier,
      type: fc.constantFrom('string', 'integer', 'boolean', 'array'),
      required: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(parameter, { selector: (item) => item.name, maxLength: 6 }),
        (parameters) => {
          const rows = parameters.map(
            (item) =>
              `| \`${item.name}\` | ${item.type} | ${item.required ? 'yes' : 'no'} | A value. |`,
          );
          const text = [
            '# a.b',
            '',
            '## Parameters',
            '',
            '| Name | Type | Required | Description |',
            '|---|---|---|---|',
            ...rows,
          ].join('\n');
          expect(parseParameters(text)).toEqual(parameters);
        },
      ),
    );
  });

  it('reads back the parameters of a markdown list under a parameters heading', () => {
    // Law: parse(list(parameters)) gives the names, types and required flags rendered, whatever
    // heading opens the list, and items under a later heading are not parameters.
    const parameter = fc.record({
      name: identifier,
      type: fc.constantFrom('string', 'integer', 'boolean', 'array'),
      required: fc.boolean(),
    });
    const heading = fc.constantFrom('## Parameters', 'Parameters:', '**Arguments:**', '### kwargs');
    fc.assert(
      fc.property(
        fc.uniqueArray(parameter, { selector: (item) => item.name, maxLength: 6 }),
        heading,
        (parameters, opening) => {
          const items = parameters.map(
            (item) =>
              `- \`${item.name}\` (${item.type}, ${item.required ? 'required' : 'optional'}): A value.`,
          );
          const text = [
            '# a.b',
            '',
            'Does a thing.',
            '',
            opening,
            '',
            ...items,
            '',
            '## Returns',
            '',
            '- `total` (integer)',
          ].join('\n');
          expect(parseParameters(text)).toEqual(parameters);
        },
      ),
    );
  });

  it('tells a doc that says its function takes no parameter from one that is silent', () => {
    expect(statesNoParameters('# a.b\n\nDoes a thing.\n\nNo parameters.')).toBe(true);
    expect(statesNoParameters('# a.b\n\nTakes no arguments.')).toBe(true);
    expect(statesNoParameters('Parameters: none.')).toBe(true);
    expect(statesNoParameters('{"name":"b","parameters":[]}')).toBe(true);
    expect(statesNoParameters('{"name":"b","params":{}}')).toBe(true);
    expect(statesNoParameters('# a.b\n\nDoes a thing.\n\n## Returns\n\nA count.')).toBe(false);
    expect(statesNoParameters('{"name":"b"}')).toBe(false);
    expect(statesNoParameters('{"parameters":[{"name":"id"}]}')).toBe(false);
  });

  it('reads the parameters of a JSON answer as an array or an object', () => {
    expect(
      parseParameters('{"parameters":[{"name":"id","type":"string","required":true}]}'),
    ).toEqual([{ name: 'id', type: 'string', required: true }]);
    expect(parseParameters('{"params":{"limit":{"type":"Integer"}}}')).toEqual([
      { name: 'limit', type: 'integer', required: false },
    ]);
  });
});

describe('names', () => {
  it('respells identifiers and paths to the same canonical form', () => {
    fc.assert(
      fc.property(identifier, (name) => {
        expect(canonical(respell(name))).toBe(canonical(name));
        expect(respell(name)).not.toBe(name);
      }),
    );
    expect(respellPath('orders.retail')).toBe('O_RDERS.R_ETAIL');
  });

  it('makes a near miss that is none of the taken names', () => {
    fc.assert(
      fc.property(identifier, fc.array(identifier), (name, others) => {
        const taken = new Set([name, ...others].map(canonical));
        const miss = nearMiss(name, taken);
        if (miss !== undefined) expect(taken.has(canonical(miss))).toBe(false);
      }),
    );
    expect(nearMiss('list', new Set(['list']))).toBe('lis');
  });
});

describe('reading skills, gated responses and manifests', () => {
  it('reads skills listed with a namespace in parentheses, dotted, or as JSON', () => {
    expect(
      parseSkillListing(
        '# Skills\n\n- **check** (`orders.retail`) — One.\n- **orders.audit** — Two.',
      ),
    ).toEqual([
      { namespace: 'orders.retail', name: 'check' },
      { namespace: 'orders', name: 'audit' },
    ]);
    expect(parseSkillListing('{"skills":[{"name":"a","namespace":"b"},{"name":"c"}]}')).toEqual([
      { namespace: 'b', name: 'a' },
      { namespace: '', name: 'c' },
    ]);
  });

  it('reads the suggested sizelimit from the structured answer or the text', () => {
    expect(suggestedLimit(answer('x', { suggested_sizelimit: 50_000 }))).toBe(50_000);
    expect(suggestedLimit(answer('Pass `sizelimit=54,000` to get it'))).toBe(54_000);
    expect(suggestedLimit(answer('Response exceeds size limit (4821 orders)'))).toBeUndefined();
  });

  it('reads an advertised gate threshold from markdown or JSON', () => {
    expect(advertisedThreshold('Gate threshold: 20,000 characters.')).toBe(20_000);
    expect(advertisedThreshold('{"namespaces":[],"gate_threshold":30000}')).toBe(30_000);
    expect(advertisedThreshold('# Available Namespaces\n\n- **orders** — Orders.')).toBeUndefined();
  });

  it('finds executable content in skill text, and lets data blocks through', () => {
    expect(executableContent('Steps:\n\n```json\n{"a": 1}\n```')).toBeUndefined();
    expect(executableContent('```python\nprint(1)\n```')).toBe('a fenced python block');
    expect(executableContent('#!/bin/sh\necho')).toBe('a shebang line');
    expect(executableContent('<script>alert(1)</script>')).toBe('a <script> element');
  });

  it('names every missing or mistyped manifest field', () => {
    expect(
      manifestProblems({
        cash_version: '1.0',
        last_updated: '2026-13-45',
        endpoint: 'not a url',
        namespaces: [],
        authentication: { scheme: 'basic' },
      }),
    ).toEqual([
      'last_updated: must be a real date',
      'publisher: Invalid input: expected string, received undefined',
      'endpoint: must be a URL',
      'authentication.scheme: Invalid option: expected one of "none"|"bearer"|"apikey"|"oauth2"',
      'namespaces: Too small: expected array to have >=1 items',
    ]);
  });
});

describe('the --cash-large and --cash-upstreams flags', () => {
  it('read a dotted function with optional kwargs, and comma-separated labels', () => {
    expect(parseCashFlags('orders.retail.list {"limit": 5}', 'a, b')).toEqual({
      largeCall: { namespace: 'orders.retail', function: 'list', kwargs: { limit: 5 } },
      upstreams: ['a', 'b'],
    });
    expect(parseCashFlags('ping', undefined)).toEqual({
      largeCall: { namespace: '', function: 'ping' },
    });
    expect(parseCashFlags(undefined, undefined)).toBeUndefined();
  });

  it('reject kwargs that are not a JSON object, and empty values', () => {
    expect(() => parseCashFlags('a.b {oops', undefined)).toThrow(/not JSON/);
    expect(() => parseCashFlags('a.b [1]', undefined)).toThrow(/must be a JSON object/);
    expect(() => parseCashFlags(' ', undefined)).toThrow(/needs "namespace.function/);
    expect(() => parseCashFlags(undefined, ' , ')).toThrow(/needs comma-separated labels/);
  });
});
