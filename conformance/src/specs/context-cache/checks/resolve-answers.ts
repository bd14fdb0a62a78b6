/**
 * Checks of successful `context.resolve` answers: shape, exact v0 bytes, ordering.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { compareUtf8, EXPECTED_ANSWERS, expectedAnswerText } from '../fixture.js';
import { probesFor, resolveSelection, selectionProblems } from '../selection-result.js';
import { callTool, describeReply, RESOLVE_TOOL, successObject } from '../tool-calls.js';
import { findWorkCache, fixtureSkip, noCacheSkip } from '../work-cache.js';

/** A result is one text item holding a SelectionResult in the specified field order. */
export const resultShapeCheck: Check = {
  requirement: 'context-cache.resolve.result-shape',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const problems: string[] = [];
    for (const probe of probesFor(work)) {
      const call = `context.resolve(${JSON.stringify(probe.query)}, ${probe.budget})`;
      const reply = await callTool(context, RESOLVE_TOOL, { cache: work.name, ...probe });
      if (reply.kind === 'result' && reply.text === undefined) {
        problems.push(`${call} answered ${describeReply(reply)}`);
        continue;
      }
      const answer = successObject(reply, call);
      if (typeof answer === 'string') problems.push(answer);
      else
        problems.push(...selectionProblems(answer.value).map((problem) => `${call}: ${problem}`));
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${probesFor(work).length} answers are SelectionResults in the specified field order`);
  },
};

/** On the fixture, the answers are the reference CLI's bytes. */
export const v0AnswersCheck: Check = {
  requirement: 'context-cache.resolve.v0-answers',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind !== 'fixture') return fixtureSkip();
    const problems: string[] = [];
    for (const answer of EXPECTED_ANSWERS) {
      const expected = expectedAnswerText(answer);
      const reply = await callTool(context, RESOLVE_TOOL, {
        cache: work.name,
        query: answer.query,
        budget: answer.budget,
      });
      const text = reply.kind === 'result' && !reply.isError ? reply.text : undefined;
      const call = `context.resolve(${JSON.stringify(answer.query)}, ${answer.budget})`;
      if (text === undefined) problems.push(`${call} answered ${describeReply(reply)}`);
      else if (text !== expected && text !== `${expected}\n`) {
        problems.push(`${call} differs from the reference ${firstDifference(text, expected)}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${EXPECTED_ANSWERS.length} answers match the reference bytes`);
  },
};

/** Where two texts first differ, for a failure message. */
function firstDifference(actual: string, expected: string): string {
  let index = 0;
  while (index < actual.length && actual[index] === expected[index]) index += 1;
  const around = (text: string) => JSON.stringify(text.slice(index, index + 24));
  return `at character ${index}: ${around(actual)} instead of ${around(expected)}`;
}

/** Score descending, then id ascending in UTF-8 byte order. */
export const orderingCheck: Check = {
  requirement: 'context-cache.resolve.ordering',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const problems: string[] = [];
    let pairs = 0;
    for (const probe of probesFor(work)) {
      const read = await resolveSelection(context, work.name, probe);
      if (typeof read === 'string') {
        problems.push(read);
        continue;
      }
      const documents = read.selection.documents;
      for (let index = 1; index < documents.length; index += 1) {
        const before = documents[index - 1];
        const after = documents[index];
        if (before === undefined || after === undefined) continue;
        pairs += 1;
        const inOrder =
          before.score > after.score ||
          (before.score === after.score && compareUtf8(before.id, after.id) < 0);
        if (!inOrder) {
          problems.push(
            `for ${JSON.stringify(probe.query)}: ${JSON.stringify(before.id)} (${before.score}) comes before ${JSON.stringify(after.id)} (${after.score})`,
          );
        }
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${pairs} neighbouring documents are ordered by score, then id`);
  },
};
