/**
 * Checks of the budget rules: never exceeded, skip rather than truncate, budget 0, and the
 * selection counts that account for every document.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { documentId, FIXTURE_SOURCES } from '../fixture.js';
import { probesFor, resolveSelection } from '../selection-result.js';
import { callTool, INSPECT_CACHE_TOOL, successObject } from '../tool-calls.js';
import { findWorkCache, fixtureSkip, noCacheSkip } from '../work-cache.js';

/** Budgets tried on top of the usual probes. */
const EXTRA_BUDGETS: readonly number[] = [1, 3, 9, 19, 575, 600];

/** tokens_used within the budget and equal to the sum of the documents' tokens. */
export const budgetBoundCheck: Check = {
  requirement: 'context-cache.resolve.budget-bound',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const query = work.kind === 'fixture' ? 'cache' : 'the';
    const probes = [...probesFor(work), ...EXTRA_BUDGETS.map((budget) => ({ query, budget }))];
    const problems: string[] = [];
    for (const probe of probes) {
      const read = await resolveSelection(context, work.name, probe);
      if (typeof read === 'string') {
        problems.push(read);
        continue;
      }
      const { documents, selection } = read.selection;
      const sum = documents.reduce((total, document) => total + document.tokens, 0);
      if (selection.tokens_used > probe.budget) {
        problems.push(`budget ${probe.budget}: tokens_used is ${selection.tokens_used}`);
      } else if (sum !== selection.tokens_used) {
        problems.push(
          `budget ${probe.budget}: tokens_used is ${selection.tokens_used} but the documents hold ${sum}`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${probes.length} answers stay within their budgets`);
  },
};

/** On the fixture, within 20 tokens: delta.md (575) is skipped, later documents are taken, all whole. */
export const skipNotTruncateCheck: Check = {
  requirement: 'context-cache.resolve.skip-not-truncate',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind !== 'fixture') return fixtureSkip();
    const read = await resolveSelection(context, work.name, { query: 'cache', budget: 20 });
    if (typeof read === 'string') return fail(read);
    const contents = new Map(
      Object.entries(FIXTURE_SOURCES).map(([source, content]) => [documentId(source), content]),
    );
    const problems = read.selection.documents.flatMap((document) =>
      contents.get(document.id) === document.content
        ? []
        : [
            `${JSON.stringify(document.id)} is not the whole document (${document.content.length} characters)`,
          ],
    );
    if (read.selection.documents.length === 0) {
      problems.push(
        'nothing was selected: the first document that did not fit ended the selection',
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `skipped what did not fit and took ${read.selection.documents.length} whole documents after it`,
        );
  },
};

/** Budget 0 uses no tokens (on the fixture, which has no empty document: selects nothing). */
export const budgetZeroCheck: Check = {
  requirement: 'context-cache.resolve.budget-zero',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const problems: string[] = [];
    for (const query of ['cache', '', 'the']) {
      const read = await resolveSelection(context, work.name, { query, budget: 0 });
      if (typeof read === 'string') {
        problems.push(read);
        continue;
      }
      const { documents, selection } = read.selection;
      const sized = documents.filter((document) => document.tokens > 0 || document.content !== '');
      if (selection.tokens_used !== 0 || sized.length > 0) {
        problems.push(
          `for ${JSON.stringify(query)}: ${sized.length} document(s) selected, tokens_used ${selection.tokens_used}`,
        );
      }
    }
    return problems.length > 0 ? fail(listProblems(problems)) : pass('budget 0 selects nothing');
  },
};

/** The selection echoes the request and accounts for every document of the cache. */
export const accountingCheck: Check = {
  requirement: 'context-cache.resolve.accounting',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const inspected = successObject(
      await callTool(context, INSPECT_CACHE_TOOL, { cache: work.name }),
      INSPECT_CACHE_TOOL,
    );
    const count = typeof inspected === 'string' ? undefined : inspected.value.document_count;
    const problems: string[] = [];
    for (const probe of probesFor(work)) {
      const read = await resolveSelection(context, work.name, probe);
      if (typeof read === 'string') {
        problems.push(read);
        continue;
      }
      const { documents, selection } = read.selection;
      const label = `(${JSON.stringify(probe.query)}, ${probe.budget})`;
      if (selection.query !== probe.query || selection.budget !== probe.budget) {
        problems.push(
          `${label}: selection echoes (${JSON.stringify(selection.query)}, ${selection.budget})`,
        );
      }
      if (selection.documents_selected !== documents.length) {
        problems.push(
          `${label}: documents_selected ${selection.documents_selected} for ${documents.length} documents`,
        );
      }
      const accounted = selection.documents_selected + selection.documents_excluded_by_budget;
      if (selection.documents_considered !== accounted) {
        problems.push(
          `${label}: ${selection.documents_considered} considered but ${accounted} selected or excluded by budget`,
        );
      }
      if (typeof count === 'number' && selection.documents_considered !== count) {
        problems.push(
          `${label}: ${selection.documents_considered} considered of ${count} documents`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('every selection echoes its request and accounts for every document');
  },
};

/** The checks of this file. */
export const budgetChecks: readonly Check[] = [
  budgetBoundCheck,
  skipNotTruncateCheck,
  budgetZeroCheck,
  accountingCheck,
];
