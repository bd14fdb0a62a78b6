import { describe, expect, it } from 'vitest';
import {
  findCatalogProblems,
  mcsSpec,
  referenceDriverTargets,
  runConformance,
  specCatalog,
  X_PROFILE,
} from '../../../src/index.js';

describe('the mcs spec', () => {
  it('has a sound catalog: ids unique across every spec, a check for every MUST and SHOULD', () => {
    expect(findCatalogProblems(specCatalog())).toEqual([]);
    expect(new Set(mcsSpec.requirements.map((requirement) => requirement.spec))).toEqual(
      new Set(['mcs-0.1']),
    );
  });

  it('passes every requirement on the reference REST, MCP and CaSH drivers', async () => {
    const report = await runConformance({
      targets: referenceDriverTargets,
      profiles: [X_PROFILE],
    });
    expect(report.targets.map((target) => [target.target, target.specs])).toEqual([
      ['mcs-rest', ['mcs']],
      ['mcs-mcp', ['mcs']],
      ['mcs-cash', ['mcs']],
    ]);
    const notPassed = report.targets.flatMap((target) =>
      target.results
        .filter((result) => result.status !== 'pass')
        .map((result) => `${target.target} ${result.id}: ${result.status} ${result.message}`),
    );
    expect(notPassed).toEqual([]);
    const profiled = mcsSpec.checks.filter((check) =>
      mcsSpec.requirements.some(
        (requirement) => requirement.id === check.requirement && requirement.profile !== undefined,
      ),
    ).length;
    const counts = (passed: number) => ({
      passed,
      failed: 0,
      skipped: 0,
      notApplicable: 0,
      mustFailed: 0,
      mustSkipped: 0,
      mustSkipReasons: [],
    });
    expect(report.summary).toEqual({
      ...counts(3 * (mcsSpec.checks.length - profiled)),
      profile: counts(3 * profiled),
    });
  });
});
