import { describe, expect, it } from 'vitest';
import type { Era } from '../../../src/era/era.js';
import { runConformance } from '../../../src/index.js';
import { mcpSkillsSpec } from '../../../src/specs/mcp-skills/index.js';
import { SKILLS_FIXTURE } from '../../defects/mcp-skills.js';
import { fixtureTarget, MCP_BASE_FIXTURE } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/mcp-skills/defects.ts).
// Each test starts a server on a shared machine: a generous time limit, no timed assertion.
describe('the mcp-skills checks', { timeout: 120_000 }, () => {
  it.each<{ era: Era; skipped: string[] }>([
    { era: 'modern', skipped: [] },
    { era: 'legacy', skipped: ['skills.list.cache-hints'] },
  ])('pass every check on the fixture in the $era era', async ({ era, skipped }) => {
    const report = await runConformance({
      targets: [fixtureTarget(SKILLS_FIXTURE)],
      specs: ['mcp-skills'],
      era,
    });
    const results = report.targets.flatMap((target) => target.results);
    expect(results.filter((result) => result.status !== 'pass')).toEqual([]);
    expect(results.map((result) => result.id).sort()).toEqual(
      mcpSkillsSpec.checks
        .map((check) => check.requirement)
        .filter((id) => !skipped.includes(id))
        .sort(),
    );
  });

  it('finds every check not applicable on a server that does not declare the extension', async () => {
    const report = await runConformance({
      targets: [fixtureTarget(MCP_BASE_FIXTURE)],
      specs: ['mcp-skills'],
      era: 'legacy',
    });
    const results = report.targets.flatMap((target) => target.results);
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((result) => result.status !== 'not-applicable')).toEqual([]);
    expect(new Set(results.map((result) => result.message))).toEqual(
      new Set(['the server does not declare io.modelcontextprotocol/skills']),
    );
  });
});
