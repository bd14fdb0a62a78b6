/**
 * How far the catalog covers each source document, generated from the catalog and the defect
 * tables (never written by hand): per document, its statements and how many are covered by a
 * check, covered in part, uncovered, or not checkable over MCP; then every statement with its
 * status, the file of its check and the defects that prove the check can fail, and the same for
 * the profile's requirements. `x-conformance --coverage` prints it as Markdown; `COVERAGE.md` is
 * that output.
 *
 * @module
 */

import type { Defect } from '../defect.js';
import { sourceFileOf } from '../defined-in.js';
import { type Requirement, requirementKind, X_PROFILE } from '../requirement.js';
import type { SpecCatalogEntry } from '../spec.js';
import { STATUS_GUIDE } from './status-guide.js';

/** How a statement is covered. */
export type CoverageStatus = 'covered' | 'partial' | 'uncovered' | 'not checkable';

/** Every status, in table order. */
export const COVERAGE_STATUSES: readonly CoverageStatus[] = [
  'covered',
  'partial',
  'uncovered',
  'not checkable',
];

/** One statement of a source document and how the catalog covers it. */
export interface CoverageEntry {
  /** The requirement. */
  readonly requirement: Requirement;
  /** Its status. */
  readonly status: CoverageStatus;
  /** The conformance spec that lists it (`mcp-base`). */
  readonly spec: string;
  /** The files of the checks that decide it (`src/specs/cash/checks/tools.ts`), none when unchecked. */
  readonly checks: readonly string[];
  /** The defects that prove its check able to fail. */
  readonly defects: readonly Defect[];
}

/** The statements of one source document. */
export interface DocumentCoverage {
  /** The source document (`cash-rfc`, `gateway-surface`, ...). */
  readonly document: string;
  /** Its statements, in catalog order. */
  readonly entries: readonly CoverageEntry[];
}

/** The prefix of a `note` that says the check covers the statement only in part. */
export const PARTIAL_NOTE_PREFIX = 'Partial:';

/** The status of `requirement`, given whether some check names it. */
export function coverageStatus(requirement: Requirement, checked: boolean): CoverageStatus {
  if (requirement.unobservable !== undefined) return 'not checkable';
  if (!checked) return 'uncovered';
  return requirement.note?.startsWith(PARTIAL_NOTE_PREFIX) === true ? 'partial' : 'covered';
}

/** Every requirement of `registry` as a coverage entry, in catalog order. */
function coverageEntries(registry: readonly SpecCatalogEntry[]): CoverageEntry[] {
  return registry.flatMap((spec) =>
    spec.requirements.map((requirement) => {
      const checks = spec.checks.filter((check) => check.requirement === requirement.id);
      return {
        requirement,
        status: coverageStatus(requirement, checks.length > 0),
        spec: spec.name,
        checks: [
          ...new Set(
            checks.map((check) =>
              check.definedIn === undefined
                ? `src/specs/${spec.name}/`
                : (sourceFileOf(check.definedIn) ?? check.definedIn),
            ),
          ),
        ],
        defects: (spec.defects?.defects ?? []).filter((row) => row.requirement === requirement.id),
      };
    }),
  );
}

/**
 * The coverage of every source document the specs cite, documents by name; a profile's
 * requirements are this project's choices, not statements of a document, so they are left out.
 */
export function catalogCoverage(
  registry: readonly SpecCatalogEntry[],
): readonly DocumentCoverage[] {
  const byDocument = new Map<string, CoverageEntry[]>();
  for (const entry of coverageEntries(registry)) {
    if (requirementKind(entry.requirement) !== 'spec') continue;
    const entries = byDocument.get(entry.requirement.spec) ?? [];
    entries.push(entry);
    byDocument.set(entry.requirement.spec, entries);
  }
  return [...byDocument.keys()]
    .sort()
    .map((document) => ({ document, entries: byDocument.get(document) ?? [] }));
}

/** The profile's requirements (this project's choices), in catalog order. */
export function profileCoverage(registry: readonly SpecCatalogEntry[]): readonly CoverageEntry[] {
  return coverageEntries(registry).filter(
    (entry) => requirementKind(entry.requirement) === X_PROFILE,
  );
}

/** How many entries have each status, in {@link COVERAGE_STATUSES} order. */
export function statusCounts(entries: readonly CoverageEntry[]): readonly number[] {
  return COVERAGE_STATUSES.map(
    (status) => entries.filter((entry) => entry.status === status).length,
  );
}

/** A Markdown table row; `|` inside a cell is escaped. */
function row(cells: readonly (string | number)[]): string {
  return `| ${cells.map((cell) => String(cell).replaceAll('|', '\\|')).join(' | ')} |`;
}

/** A defect as a table cell: its name, and its fixture setup when not the default. */
function defectCell(defect: Defect): string {
  return `\`${defect.defect}\`${defect.setup === undefined ? '' : ` (${defect.setup})`}`;
}

/** The columns of a statement table. */
const STATEMENT_HEADER = ['Id', 'Section', 'Level', 'Status', 'Check', 'Defects'];

/** One row of a statement table. */
function statementRow({ requirement, status, checks, defects }: CoverageEntry): string {
  return row([
    `\`${requirement.id}\``,
    requirement.section,
    requirement.level,
    status,
    checks.map((file) => `\`${file}\``).join(', ') || '-',
    defects.map(defectCell).join(', ') || '-',
  ]);
}

/** The lines that say how to read the tables and where each spec's parts are. */
function readingGuide(registry: readonly SpecCatalogEntry[]): string[] {
  return [
    'Find a requirement by its id (`--list` gives its source and remarks). **Check** is the file',
    'whose check decides it. **Defects** are the broken fixtures that prove the check can fail:',
    "each is a switch of its spec's fixture (`--defect NAME`; a setup in parentheses is the",
    "fixture configuration it needs), listed with the failure it causes in the spec's defect",
    'table. `test/defects.test.ts` runs every row, as the test',
    '`<spec> > <id> > fails with the defect <name>`: one of them runs with',
    '`pnpm --filter @x/conformance exec vitest run test/defects.test.ts -t "<id>"`. Each',
    "spec's other tests (good fixtures, skips, settings) are in `test/specs/<spec>/`.",
    '',
    row(['Spec', 'Checks', 'Defect table', 'Fixture', 'Kit (its setups)', 'Tests']),
    row(['---', '---', '---', '---', '---', '---']),
    ...registry.map((spec) =>
      row([
        spec.name,
        `\`src/specs/${spec.name}/\``,
        spec.defects === undefined ? '-' : `\`src/specs/${spec.name}/defects.ts\``,
        spec.defects === undefined ? '-' : `\`${spec.defects.fixture}\``,
        `\`test/defects/${spec.name}.ts\``,
        `\`test/defects.test.ts\`, \`test/specs/${spec.name}/\``,
      ]),
    ),
  ];
}

/**
 * The coverage as Markdown: how to read it, a summary table, one table of statements per
 * document, and the profile's requirements.
 */
export function formatCoverageMarkdown(registry: readonly SpecCatalogEntry[]): string {
  const documents = catalogCoverage(registry);
  const summaryHeader = [
    'Document',
    'Statements',
    ...COVERAGE_STATUSES.map((status) => status[0]?.toUpperCase() + status.slice(1)),
  ];
  const lines = [
    '# Conformance coverage',
    '',
    '<!-- generated by `x-conformance --coverage` (pnpm --filter @x/conformance coverage); do not edit -->',
    '',
    'Each normative statement of the specifications, as the requirement catalog lists it, and',
    'whether a check covers it, covers it in part (the catalog note says which part), leaves it',
    "uncovered, or cannot observe it over MCP (the catalog says why). This project's own choices",
    '(the `x-profile` profile) are not statements of a document and are not counted; they are',
    'listed at the end.',
    '',
    ...readingGuide(registry),
    '',
    'A check of a target ends in one of four results:',
    '',
    ...STATUS_GUIDE.flatMap(({ status, meaning }) => [`- **${status}**: ${meaning}`]),
    '',
    row(summaryHeader),
    row(summaryHeader.map(() => '---')),
    ...documents.map(({ document, entries }) =>
      row([document, entries.length, ...statusCounts(entries)]),
    ),
  ];
  for (const { document, entries } of documents) {
    lines.push(
      '',
      `## ${document}`,
      '',
      row(STATEMENT_HEADER),
      row(STATEMENT_HEADER.map(() => '---')),
    );
    for (const entry of entries) lines.push(statementRow(entry));
  }
  const profile = profileCoverage(registry);
  if (profile.length > 0) {
    lines.push(
      '',
      `## ${X_PROFILE} (this project's choices)`,
      '',
      row(STATEMENT_HEADER),
      row(STATEMENT_HEADER.map(() => '---')),
      ...profile.map(statementRow),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** An entry as JSON: its id, status, check files and defects. */
function entryJson({ requirement, status, checks, defects }: CoverageEntry) {
  return {
    id: requirement.id,
    status,
    checks: [...checks],
    defects: defects.map((defect) => ({
      defect: defect.defect,
      ...(defect.setup === undefined ? {} : { setup: defect.setup }),
    })),
  };
}

/**
 * The coverage as JSON: `{documents: [{document, statements, covered, partial, uncovered,
 * notCheckable, entries: [{id, status, checks, defects: [{defect, setup?}]}]}], profile:
 * [the same entries]}`.
 */
export function formatCoverageJson(registry: readonly SpecCatalogEntry[]): string {
  const documents = catalogCoverage(registry).map(({ document, entries }) => {
    const [covered, partial, uncovered, notCheckable] = statusCounts(entries);
    return {
      document,
      statements: entries.length,
      covered,
      partial,
      uncovered,
      notCheckable,
      entries: entries.map(entryJson),
    };
  });
  const profile = profileCoverage(registry).map(entryJson);
  return `${JSON.stringify({ documents, profile }, null, 2)}\n`;
}
