import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Defect } from '../src/defect.js';
import type { Era } from '../src/era/era.js';
import { type ConformanceReport, runConformance, specCatalog } from '../src/index.js';
import { DEFECT_KITS } from './defects/kits.js';
import { resultOf } from './helpers.js';

/**
 * One test over every spec's defect table (`src/specs/<spec>/defects.ts`): each row's check
 * fails on the fixture with the defect, with the row's failure, and does not fail on the good
 * fixture of the same setup. A spec's kit (`test/defects/<spec>.ts`) says how its fixture starts.
 */

/** The runs of a row: one per era the kit names, or one in the era `auto` picks. */
function erasOf(eras: readonly Era[] | undefined): readonly (Era | undefined)[] {
  return eras === undefined || eras.length === 0 ? [undefined] : eras;
}

it('has a defect kit for every spec with a defect table, and a table for every kit', () => {
  const withTables = specCatalog()
    .filter((spec) => spec.defects !== undefined)
    .map((spec) => spec.name);
  expect(Object.keys(DEFECT_KITS).sort()).toEqual([...withTables].sort());
});

it('keeps each table, fixture and kit where COVERAGE.md says they are', () => {
  const missing = specCatalog().flatMap((spec) =>
    spec.defects === undefined
      ? []
      : [
          `src/specs/${spec.name}/defects.ts`,
          spec.defects.fixture,
          `test/defects/${spec.name}.ts`,
        ].filter((file) => !existsSync(new URL(`../${file}`, import.meta.url))),
  );
  expect(missing).toEqual([]);
});

describe.each(specCatalog().filter((spec) => spec.defects !== undefined))('$name', (spec) => {
  const kit = (DEFECT_KITS[spec.name] ?? (() => undefined))();
  if (kit === undefined) return;
  const rows: readonly Defect[] = spec.defects?.defects ?? [];
  const setups = [...new Set(rows.map((row) => row.setup))];

  beforeAll(async () => {
    await kit.start?.();
  });
  afterAll(async () => {
    await kit.close?.();
  });

  describe.concurrent.each(rows)('$requirement', (row) => {
    it(`fails with the defect ${row.defect}${row.setup === undefined ? '' : ` (${row.setup})`}`, async () => {
      for (const era of erasOf(kit.eras?.(row.setup))) {
        const key = `${spec.name}-${row.requirement}-${row.defect}-${era ?? 'auto'}`;
        const report = await runConformance({
          ...kit.options,
          targets: [kit.target(row.setup, row.defect, key)],
          requirements: [row.requirement],
          ...(era === undefined ? {} : { era }),
        });
        const result = resultOf(report, row.requirement);
        expect([result.status, result.era]).toEqual(['fail', era ?? result.era]);
        expect(result.message).toMatch(
          era === 'modern' ? (row.modernFailure ?? row.failure) : row.failure,
        );
      }
    });
  });

  describe.concurrent.each(setups.map((setup) => ({ setup, label: setup ?? 'the default setup' })))(
    'the good fixture in $label',
    ({ setup }) => {
      it('fails none of the checks its defects break', async () => {
        const requirements = [
          ...new Set(rows.filter((row) => row.setup === setup).map((row) => row.requirement)),
        ];
        const failed: string[] = [];
        for (const era of erasOf(kit.eras?.(setup))) {
          const key = `${spec.name}-good-${setup ?? 'default'}-${era ?? 'auto'}`;
          const report: ConformanceReport = await runConformance({
            ...kit.options,
            targets: [kit.good?.(setup, key) ?? kit.target(setup, 'none', key)],
            requirements,
            ...(era === undefined ? {} : { era }),
          });
          for (const result of report.targets.flatMap((target) => target.results)) {
            if (result.status === 'fail') failed.push(`${result.id}: ${result.message}`);
          }
          expect(
            report.targets
              .flatMap((target) => target.results)
              .map((result) => result.id)
              .sort(),
          ).toEqual([...requirements].sort());
        }
        expect(failed).toEqual([]);
      });
    },
  );
});
