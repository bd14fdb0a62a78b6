import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import {
  findCatalogProblems,
  pass,
  REQUIREMENT_PROFILES,
  type SpecDefinition,
  specRegistry,
  X_PROFILE,
} from '../src/index.js';

/** A check of `requirement` that passes, defined here. */
const checkOf = (requirement: string) => ({
  requirement,
  definedIn: import.meta.url,
  run: async () => pass('runs'),
});

/** A defect table proving the checks of `requirements`. */
const defectsOf = (...requirements: string[]) => ({
  fixture: 'test/fixtures/fake.mjs',
  defects: requirements.map((requirement) => ({ requirement, defect: 'broken', failure: /./ })),
});

const fakeSpec: SpecDefinition = {
  name: 'fake',
  description: 'A spec with every kind of catalog mistake.',
  requirements: [
    { id: 'fake.must', spec: 'fake-1', section: '1', level: 'MUST', summary: 'Has no check.' },
    {
      id: 'fake.should',
      spec: 'fake-1',
      section: '2',
      level: 'SHOULD',
      summary: 'Has no check either.',
    },
    { id: 'fake.may', spec: 'fake-1', section: '3', level: 'MAY', summary: 'May go unchecked.' },
  ],
  checks: [checkOf('fake.nowhere')],
  defects: defectsOf(),
  detect: async () => false,
};

const fakeMust = {
  id: 'fake.must',
  spec: 'fake-1',
  section: '1',
  level: 'MUST',
  summary: 'A statement.',
} as const;

describe('the requirement catalog', () => {
  it('has a check for every MUST and SHOULD, and no check of an unknown requirement', () => {
    expect(findCatalogProblems(specRegistry)).toEqual([]);
  });

  it('reports a MUST or SHOULD without a check and a check naming an unknown requirement', () => {
    expect(findCatalogProblems([fakeSpec])).toEqual([
      'fake: fake.must: a MUST requirement has no check',
      'fake: fake.should: a SHOULD requirement has no check',
      'fake: a check names the unknown requirement fake.nowhere',
      'fake: no defect proves the check of fake.nowhere able to fail',
    ]);
  });

  it('reports a check without its module, a spec without defects, and defects that prove nothing', () => {
    const spec: SpecDefinition = {
      ...fakeSpec,
      requirements: [fakeMust],
      checks: [{ requirement: 'fake.must', run: async () => pass('runs') }],
    };
    const { defects: _none, ...withoutTable } = spec;
    expect(findCatalogProblems([withoutTable])).toEqual([
      'fake: the check of fake.must names no module (definedIn: import.meta.url)',
      'fake: has checks but no defect table',
    ]);
    const table = {
      fixture: 'test/fixtures/fake.mjs',
      defects: [
        { requirement: 'fake.must', defect: 'Not A Name', failure: /./ },
        { requirement: 'fake.must', defect: 'twice', failure: /./ },
        { requirement: 'fake.must', defect: 'twice', failure: /./ },
        { requirement: 'fake.other', defect: 'stray', failure: /./ },
      ],
    };
    expect(
      findCatalogProblems([{ ...spec, checks: [checkOf('fake.must')], defects: table }]),
    ).toEqual([
      'fake: defect Not A Name of fake.must: the name is not lowercase words joined by hyphens',
      'fake: defect twice of fake.must: is listed twice',
      'fake: defect stray of fake.other: no check of the spec decides it',
    ]);
  });

  it('accepts an unchecked statement marked unobservable with its reason, and no other', () => {
    const spec: SpecDefinition = {
      ...fakeSpec,
      requirements: [
        { ...fakeMust, id: 'fake.hidden', unobservable: 'only the upstream sees it.' },
        { ...fakeMust, id: 'fake.checked', unobservable: 'says so, yet has a check.' },
        { ...fakeMust, id: 'fake.blank', unobservable: ' ' },
      ],
      checks: [checkOf('fake.checked')],
      defects: defectsOf('fake.checked'),
    };
    expect(findCatalogProblems([spec])).toEqual([
      'fake: fake.checked: is marked unobservable but has a check',
      'fake: fake.blank: the reason it is unobservable must be one non-empty line',
    ]);
  });

  it('keeps the profile apart: every profile requirement names a known profile', () => {
    const profiled = specRegistry.flatMap((spec) =>
      spec.requirements.filter((requirement) => requirement.profile !== undefined),
    );
    expect(profiled.length).toBeGreaterThan(0);
    expect(new Set(profiled.map((requirement) => requirement.profile))).toEqual(
      new Set(REQUIREMENT_PROFILES),
    );
    // Our design decisions are never the spec's own: every one of them is in the profile.
    const decisions = specRegistry.flatMap((spec) =>
      spec.requirements.filter((requirement) => requirement.spec === 'x-architecture'),
    );
    expect(decisions.every((requirement) => requirement.profile === X_PROFILE)).toBe(true);
  });

  it('reports ids used twice across specs and malformed ids', () => {
    const [first] = fakeSpec.requirements;
    if (first === undefined) throw new Error('fixture spec has no requirement');
    const twice: SpecDefinition = {
      ...fakeSpec,
      name: 'twice',
      requirements: [first, { ...first, id: 'Not An Id' }],
      checks: [checkOf(first.id), checkOf('Not An Id')],
      defects: defectsOf(first.id, 'Not An Id'),
    };
    expect(findCatalogProblems([{ ...twice, name: 'one' }, twice])).toEqual([
      'one: Not An Id: the id is not dotted lowercase words',
      'twice: fake.must: the id is used twice',
      'twice: Not An Id: the id is not dotted lowercase words',
      'twice: Not An Id: the id is used twice',
    ]);
  });

  it('cites the MCP revision of the SDK latest 2025 protocol version, 2026-07-28, the Skills extension SEP-2640, or JSON-RPC 2.0', () => {
    const sources = new Set(
      specRegistry.flatMap((spec) => spec.requirements.map((requirement) => requirement.spec)),
    );
    expect([...sources].sort()).toEqual([
      'cash-rfc-0.1.1',
      'context-cache-mcp',
      'gateway-surface',
      'jsonrpc-2.0',
      `mcp-${LATEST_PROTOCOL_VERSION}`,
      'mcp-2026-07-28',
      'progressive-disclosure-2.1',
      'rfc-6750',
      'rfc-9728',
      'sep-2640',
      'x-architecture',
    ]);
  });
});
