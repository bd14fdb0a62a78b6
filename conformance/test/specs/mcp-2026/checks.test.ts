import { describe, expect, it } from 'vitest';
import {
  createHttpFixtureTarget,
  createStdioFixtureTarget,
} from '../../../src/era/era-fixture-targets.js';
import { runConformance } from '../../../src/index.js';
import { mcp2026Spec } from '../../../src/specs/mcp-2026/index.js';
import { resultOf } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/mcp-2026/defects.ts).
// Each test starts a server on a shared machine: a generous time limit, no timed assertion.
describe('the mcp-2026 checks', { timeout: 120_000 }, () => {
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

  it('pass over stdio, where only the header checks, which need HTTP, do not apply', async () => {
    const report = await runConformance({
      targets: [createStdioFixtureTarget('modern-only', 'modern-only.mjs')],
      specs: ['mcp-2026'],
    });
    const results = report.targets.flatMap((target) => target.results);
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    expect(results.filter((result) => result.status !== 'pass').map((result) => result.id)).toEqual(
      ['mcp2026.headers.mismatch', 'mcp2026.headers.case-insensitive'],
    );
  });
});
