import { describe, expect, it } from 'vitest';
import {
  createHttpFixtureTarget,
  createStdioFixtureTarget,
} from '../../../src/era/era-fixture-targets.js';
import { runConformance } from '../../../src/index.js';
import { mcp2026Spec } from '../../../src/specs/mcp-2026/index.js';
import { resultOf } from '../../helpers.js';

/** Each row: a requirement, the switch of modern-only.mjs that breaks it, and the failure. */
const BROKEN_SWITCHES: readonly { requirement: string; broken: string; message: RegExp }[] = [
  {
    requirement: 'mcp2026.discover.shape',
    broken: 'discover',
    message: /^supportedVersions is missing or not an array of strings$/,
  },
  {
    requirement: 'mcp2026.envelope.accepted',
    broken: 'envelope-refused',
    message:
      /^tools\/list with the full envelope got error -32602 unexpected _meta field clientInfo$/,
  },
  {
    requirement: 'mcp2026.envelope.required',
    broken: 'envelope',
    message: /^tools\/list without clientCapabilities: answered with a result, not error -32602/,
  },
  {
    requirement: 'mcp2026.version.unsupported',
    broken: 'unsupported-version',
    message: /data\.supported is not a list of versions$/,
  },
  {
    requirement: 'mcp2026.headers.mismatch',
    broken: 'header-mismatch',
    message: /^tools\/list with Mcp-Method prompts\/list: answered with a result, not error -32020/,
  },
  {
    requirement: 'mcp2026.headers.case-insensitive',
    broken: 'header-case',
    message: /^tools\/list with headers MCP-PROTOCOL-VERSION, mCp-MeThOd: HTTP 400, -32020/,
  },
  {
    requirement: 'mcp2026.removed.not-found',
    broken: 'removed-method',
    message: /^ping: HTTP 200, not 404; logging\/setLevel: HTTP 200, not 404$/,
  },
  {
    requirement: 'mcp2026.cache.hints',
    broken: 'cache-hints',
    message: /^server\/discover: ttlMs is missing; tools\/list: ttlMs is missing/,
  },
  {
    requirement: 'mcp2026.tools.stable-order',
    broken: 'order',
    message: /^the order changed between requests: \[[a-z_, ]+\] then \[[a-z_, ]+\]$/,
  },
  {
    requirement: 'mcp2026.tools.same-for-same-authorization',
    broken: 'per-caller',
    message: /^two callers got different lists: \[echo, add, get_time\] and \[echo, add\]$/,
  },
];

// Each test starts a server on a shared machine: a generous time limit, no timed assertion.
describe('the mcp-2026 checks', { timeout: 120_000 }, () => {
  it('have a broken switch for every check', () => {
    const proven = new Set(BROKEN_SWITCHES.map((row) => row.requirement));
    const unproven = mcp2026Spec.checks
      .map((check) => check.requirement)
      .filter((id) => !proven.has(id));
    expect(unproven).toEqual([]);
  });

  it.each(BROKEN_SWITCHES)('fail $requirement on the switch $broken', async (row) => {
    const report = await runConformance({
      targets: [
        createHttpFixtureTarget(`broken ${row.broken}`, 'modern-only.mjs', {
          X_FIXTURE_BROKEN: row.broken,
        }),
      ],
      requirements: [row.requirement],
    });
    const result = resultOf(report, row.requirement);
    expect(result).toMatchObject({ status: 'fail', era: 'modern' });
    expect(result.message).toMatch(row.message);
  });

  it('pass every check on the SDK v2 modern-only server over HTTP, all in the modern era', async () => {
    const report = await runConformance({
      targets: [createHttpFixtureTarget('modern-only http', 'modern-only.mjs')],
    });
    const results = report.targets.flatMap((target) => target.results);
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    expect(new Set(results.map((result) => result.era))).toEqual(new Set(['modern']));
    for (const check of mcp2026Spec.checks) {
      expect(resultOf(report, check.requirement).status).toBe('pass');
    }
  });

  it('pass over stdio, skipping only the header checks, which need HTTP', async () => {
    const report = await runConformance({
      targets: [createStdioFixtureTarget('modern-only', 'modern-only.mjs')],
      specs: ['mcp-2026'],
    });
    const results = report.targets.flatMap((target) => target.results);
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    expect(results.filter((result) => result.status === 'skip').map((result) => result.id)).toEqual(
      ['mcp2026.headers.mismatch', 'mcp2026.headers.case-insensitive'],
    );
  });
});
