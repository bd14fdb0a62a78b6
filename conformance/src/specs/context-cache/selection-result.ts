/**
 * Reading `context.resolve` answers: the `SelectionResult` shape, and the calls the checks make.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord } from '../../session/json-rpc.js';
import { EXPECTED_ANSWERS } from './fixture.js';
import { callTool, isCount, keyOrderProblem, RESOLVE_TOOL, successObject } from './tool-calls.js';
import type { WorkCache } from './work-cache.js';

/** The keys of the result, a document, its `why` and the selection, in the specified order. */
const RESULT_KEYS = ['documents', 'selection'];
const DOCUMENT_KEYS = ['id', 'version', 'content', 'score', 'tokens', 'why'];
const WHY_KEYS = ['query_terms', 'term_matches', 'total_words'];
const SELECTION_KEYS = [
  'query',
  'budget',
  'tokens_used',
  'documents_considered',
  'documents_selected',
  'documents_excluded_by_budget',
];

/** One selected document, as far as the checks read it. */
export interface SelectedDocument {
  /** The document id. */
  readonly id: string;
  /** The content as selected. */
  readonly content: string;
  /** The score. */
  readonly score: number;
  /** The tokens budgeted for it. */
  readonly tokens: number;
}

/** A `SelectionResult` that passed {@link selectionProblems}. */
export interface Selection {
  /** The selected documents, in order. */
  readonly documents: readonly SelectedDocument[];
  /** The selection metadata (the spec's fields). */
  readonly selection: {
    readonly query: string;
    readonly budget: number;
    readonly tokens_used: number;
    readonly documents_considered: number;
    readonly documents_selected: number;
    readonly documents_excluded_by_budget: number;
  };
}

function documentProblems(document: unknown, index: number): string[] {
  const label = `documents[${index}]`;
  if (!isRecord(document)) return [`${label} is not an object`];
  const problems: string[] = [];
  const order = keyOrderProblem(document, DOCUMENT_KEYS, label);
  if (order !== undefined) problems.push(order);
  for (const key of ['id', 'version', 'content'] as const) {
    if (typeof document[key] !== 'string') problems.push(`${label}.${key} is not a string`);
  }
  if (typeof document.score !== 'number') problems.push(`${label}.score is not a number`);
  if (!isCount(document.tokens)) problems.push(`${label}.tokens is not a non-negative integer`);
  const why = document.why;
  if (!isRecord(why)) return [...problems, `${label}.why is not an object`];
  const whyOrder = keyOrderProblem(why, WHY_KEYS, `${label}.why`);
  if (whyOrder !== undefined) problems.push(whyOrder);
  if (
    !Array.isArray(why.query_terms) ||
    !why.query_terms.every((term) => typeof term === 'string')
  ) {
    problems.push(`${label}.why.query_terms is not an array of strings`);
  }
  if (!isCount(why.term_matches) || !isCount(why.total_words)) {
    problems.push(`${label}.why counts are not non-negative integers`);
  }
  return problems;
}

/** Everything that keeps `value` from being a `SelectionResult` in the specified field order (trailing extensions allowed). */
export function selectionProblems(value: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const order = keyOrderProblem(value, RESULT_KEYS, 'the result');
  if (order !== undefined) problems.push(order);
  if (!Array.isArray(value.documents)) problems.push('documents is not an array');
  else problems.push(...value.documents.flatMap(documentProblems));
  const selection = value.selection;
  if (!isRecord(selection)) return [...problems, 'selection is not an object'];
  const selectionOrder = keyOrderProblem(selection, SELECTION_KEYS, 'selection');
  if (selectionOrder !== undefined) problems.push(selectionOrder);
  if (typeof selection.query !== 'string') problems.push('selection.query is not a string');
  for (const key of SELECTION_KEYS.slice(1)) {
    if (!isCount(selection[key])) problems.push(`selection.${key} is not a non-negative integer`);
  }
  return problems;
}

/** One `context.resolve` call of the checks. */
export interface Probe {
  /** The query. */
  readonly query: string;
  /** The budget. */
  readonly budget: number;
}

/** The calls the checks make: the fixture's known ones, or general ones on a discovered cache. */
export function probesFor(work: WorkCache): readonly Probe[] {
  if (work.kind === 'fixture') {
    return [
      ...EXPECTED_ANSWERS.map(({ query, budget }) => ({ query, budget })),
      { query: 'cache word', budget: 5 },
      { query: 'budget', budget: 599 },
    ];
  }
  return [
    { query: 'the', budget: 0 },
    { query: 'the', budget: 50 },
    { query: 'context cache', budget: 500 },
    { query: '', budget: 100_000 },
  ];
}

/** The selection of one call, its text, or a problem saying why there is none. */
export async function resolveSelection(
  context: CheckContext,
  cache: string,
  probe: Probe,
): Promise<{ readonly selection: Selection; readonly text: string } | string> {
  const call = `context.resolve(${JSON.stringify(probe.query)}, ${probe.budget})`;
  const answer = successObject(
    await callTool(context, RESOLVE_TOOL, { cache, query: probe.query, budget: probe.budget }),
    call,
  );
  if (typeof answer === 'string') return answer;
  const problems = selectionProblems(answer.value);
  if (problems.length > 0) return `${call}: ${problems[0]}`;
  return { selection: answer.value as unknown as Selection, text: answer.text };
}
