import { describe, expect, it } from 'vitest';
import { runConformance, type TargetDefinition } from '../../../src/index.js';
import { cashTargets } from '../../../src/specs/cash/targets.js';

function reference(name: string): TargetDefinition {
  const target = cashTargets.find((candidate) => candidate.name === name);
  if (target === undefined) throw new Error(`no reference target ${name}`);
  return target;
}

/** Real processes on a shared machine: each test may take longer than the default. */
const PROCESS_TIMEOUT_MS = 180_000;

/** The time limit of connecting and of each check (an aggregator starts its upstreams first). */
const START_TIMEOUT_MS = 60_000;

// x-cash serves its skills through the SDK's SkillsExtension without directory reads.
describe.concurrent('the mcp-skills checks on x-cash', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it.each(['x-cash demo', 'x-cash aggregate probe'])(
    'pass on %s in both eras, directory reads not applicable',
    async (name) => {
      const report = await runConformance({
        targets: [reference(name)],
        specs: ['mcp-skills'],
        era: 'both',
        timeoutMs: START_TIMEOUT_MS,
      });
      const results = report.targets.flatMap((target) => target.results);
      expect(report.targets.map((target) => target.specs)).toEqual([
        ['mcp-skills'],
        ['mcp-skills'],
      ]);
      expect(
        results.filter((result) => result.status !== 'pass').map((result) => result.id),
      ).toEqual(['skills.directory.read', 'skills.directory.read']);
      expect(results.find((result) => result.id === 'skills.directory.read')?.message).toBe(
        'the server does not declare directoryRead',
      );
    },
  );
});
