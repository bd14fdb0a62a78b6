/**
 * The two generated parts of a library README: the quickstart, copied verbatim from the file
 * that CI compiles and runs, and the list of conformance requirements, rendered from the
 * conformance registry. Both sit behind a marker so a tool can find and rewrite them.
 *
 * @module
 */

import type { SpecCatalogEntry } from '@x/conformance';

/** The line before the quickstart's fenced block. */
export const QUICKSTART_MARKER =
  '<!-- quickstart: examples/quickstart.ts (generated from the file; edit the file) -->';

/** The lines around the conformance list. */
export const CONFORMANCE_BEGIN =
  '<!-- conformance: begin (generated from the conformance registry; pnpm --filter @x/packaging-tests update-readmes) -->';

/** The line after the conformance list. */
export const CONFORMANCE_END = '<!-- conformance: end -->';

/** The quickstart block as the README shows it: the marker, then the file in a `ts` fence. */
export function renderQuickstartBlock(source: string): string {
  const body = source === '' || source.endsWith('\n') ? source : `${source}\n`;
  return `${QUICKSTART_MARKER}\n\n\`\`\`ts\n${body}\`\`\``;
}

interface QuickstartLocation {
  /** Where the block (the marker) starts. */
  readonly start: number;
  /** Just after the closing fence. */
  readonly end: number;
  /** The fence's content. */
  readonly source: string;
}

function locateQuickstart(readme: string): QuickstartLocation | undefined {
  const opening = `${QUICKSTART_MARKER}\n\n\`\`\`ts\n`;
  const start = readme.indexOf(opening);
  if (start === -1) {
    return undefined;
  }
  const bodyStart = start + opening.length;
  // The closing fence starts a line: right at the body's start (empty block) or after a newline.
  const closing = readme.startsWith('```', bodyStart)
    ? bodyStart
    : readme.indexOf('\n```', bodyStart) + 1;
  if (closing === 0) {
    return undefined;
  }
  return { start, end: closing + 3, source: readme.slice(bodyStart, closing) };
}

/**
 * The source shown in the README's quickstart block (the fence's content), or undefined when
 * the README has no marker or no fence right after it.
 */
export function extractQuickstart(readme: string): string | undefined {
  return locateQuickstart(readme)?.source;
}

/** Replaces the README's quickstart block with `source`; undefined when it has none. */
export function replaceQuickstart(readme: string, source: string): string | undefined {
  const location = locateQuickstart(readme);
  if (location === undefined) {
    return undefined;
  }
  return `${readme.slice(0, location.start)}${renderQuickstartBlock(source)}${readme.slice(location.end)}`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/**
 * The conformance list of a README: per spec, one line on how to run it, then a table of every
 * requirement (id, level, source document and section), in registry order.
 */
export function renderConformanceList(specs: readonly SpecCatalogEntry[]): string {
  const parts: string[] = [];
  for (const spec of specs) {
    const checked = new Set(spec.checks.map((check) => check.requirement));
    parts.push(
      `\`x-conformance --spec ${spec.name}\`: ${spec.description} ${spec.requirements.length} requirements, ${checked.size} with a check.`,
      '',
      '| id | level | source |',
      '| --- | --- | --- |',
      ...spec.requirements.map(
        (requirement) =>
          `| \`${requirement.id}\` | ${requirement.level}${checked.has(requirement.id) ? '' : ' (no check)'} | ${cell(`${requirement.spec} ${requirement.section}`)} |`,
      ),
      '',
    );
  }
  return `${CONFORMANCE_BEGIN}\n\n${parts.join('\n')}\n${CONFORMANCE_END}`;
}

/** The README's conformance list, markers included, or undefined when it has none. */
export function extractConformanceList(readme: string): string | undefined {
  const start = readme.indexOf(CONFORMANCE_BEGIN);
  const end = readme.indexOf(CONFORMANCE_END, start);
  return start === -1 || end === -1 ? undefined : readme.slice(start, end + CONFORMANCE_END.length);
}

/** Replaces the README's conformance list; undefined when it has none. */
export function replaceConformanceList(readme: string, list: string): string | undefined {
  const current = extractConformanceList(readme);
  return current === undefined ? undefined : readme.replace(current, () => list);
}
