import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Requirement } from '../../src/index.js';
import { specCatalog } from '../../src/index.js';
import {
  catalogCoverage,
  coverageStatus,
  formatCoverageJson,
  formatCoverageMarkdown,
} from '../../src/report/coverage.js';
import { STATUS_GUIDE } from '../../src/report/status-guide.js';

const BASE: Requirement = {
  id: 'x.1.statement',
  spec: 'doc',
  section: '§1',
  level: 'MUST',
  summary: 'A statement.',
};

describe('coverageStatus', () => {
  it.each([
    [BASE, true, 'covered'],
    [BASE, false, 'uncovered'],
    [{ ...BASE, note: 'Partial: only the answer is seen.' }, true, 'partial'],
    [{ ...BASE, note: 'A remark on the reading.' }, true, 'covered'],
    [{ ...BASE, unobservable: 'only the upstream sees it.' }, false, 'not checkable'],
  ] as const)('gives %j, checked %s, the status %s', (requirement, checked, status) => {
    expect(coverageStatus(requirement, checked)).toBe(status);
  });
});

describe('catalogCoverage', () => {
  const entry = (requirements: Requirement[], checked: string[]) => ({
    name: 'spec',
    description: 'A spec.',
    requirements,
    checks: checked.map((requirement) => ({ requirement })),
  });

  it('groups statements by source document, leaving profile requirements out', () => {
    const coverage = catalogCoverage([
      entry(
        [
          { ...BASE, id: 'b.1', spec: 'beta' },
          { ...BASE, id: 'a.1', spec: 'alpha' },
          { ...BASE, id: 'a.2', spec: 'alpha', profile: 'x-profile' },
        ],
        ['a.1'],
      ),
    ]);
    expect(
      coverage.map(({ document, entries }) => [document, entries.map((e) => e.status)]),
    ).toEqual([
      ['alpha', ['covered']],
      ['beta', ['uncovered']],
    ]);
  });

  it('accounts for every spec requirement of the registry exactly once', () => {
    const specRequirements = specCatalog()
      .flatMap((spec) => spec.requirements)
      .filter((requirement) => requirement.profile === undefined);
    const counted = JSON.parse(formatCoverageJson(specCatalog())) as {
      documents: {
        statements: number;
        covered: number;
        partial: number;
        uncovered: number;
        notCheckable: number;
      }[];
    };
    const total = counted.documents.reduce((sum, document) => sum + document.statements, 0);
    expect(total).toBe(specRequirements.length);
    for (const document of counted.documents) {
      expect(document.covered + document.partial + document.uncovered + document.notCheckable).toBe(
        document.statements,
      );
    }
  });
});

describe('the meaning of each result status', () => {
  it('is said the same way, one paragraph each, in the README and in COVERAGE.md', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const coverage = formatCoverageMarkdown(specCatalog());
    expect(STATUS_GUIDE.map(({ status }) => status)).toEqual([
      'pass',
      'fail',
      'skip',
      'not-applicable',
    ]);
    for (const { status, meaning } of STATUS_GUIDE) {
      expect(readme).toContain(`- **${status}**: ${meaning}\n`);
      expect(coverage).toContain(`- **${status}**: ${meaning}\n`);
    }
  });
});

describe('COVERAGE.md', () => {
  it('is the current output of x-conformance --coverage (pnpm --filter @x/conformance coverage)', () => {
    const committed = readFileSync(new URL('../../COVERAGE.md', import.meta.url), 'utf8');
    expect(committed).toBe(formatCoverageMarkdown(specCatalog()));
  });
});
