/**
 * Checks of processing (mcs §3.3): the target's probe calls, written in the shapes models use,
 * must be executed and their raw results returned.
 *
 * @module
 */

import type { CheckOutcome } from '../../../check.js';
import type { DriverCheck, DriverCheckContext } from '../../../driver/driver-check.js';
import type { ProbeCall } from '../../../driver/driver-module.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import {
  anthropicCall,
  bareCall,
  callInProse,
  fencedCall,
  nearJsonCall,
  openAiCall,
  severalCalls,
} from '../corpus.js';
import { describeOutcome, executionProblem, matchesPart, preview } from '../observe.js';

const NO_PROBE = skip('the target declares no probe call, so no call can be executed safely');

/** Runs each rendering of the first probe call and passes when every one was executed. */
async function executes(
  context: DriverCheckContext,
  renderings: readonly { label: string; render: (call: ProbeCall) => string }[],
): Promise<CheckOutcome> {
  const driver = await context.driver();
  const probe = driver.probeCalls[0];
  if (probe === undefined) return NO_PROBE;
  const problems: string[] = [];
  for (const { label, render } of renderings) {
    const output = render(probe);
    const problem = executionProblem(
      await driver.call('processLlmResponse', [output]),
      output,
      probe,
    );
    if (problem !== undefined) problems.push(`${label}: ${problem}`);
  }
  return problems.length === 0
    ? pass(
        `${renderings.map((rendering) => rendering.label).join(' and ')} of ${probe.name} executed`,
      )
    : fail(listProblems(problems));
}

/** mcs.3.3.execute */
export const executeCheck: DriverCheck = {
  requirement: 'mcs.3.3.execute',
  definedIn: import.meta.url,
  run: (context) => executes(context, [{ label: 'the bare call', render: bareCall }]),
};

/** mcs.3.3.fenced-json */
export const fencedJsonCheck: DriverCheck = {
  requirement: 'mcs.3.3.fenced-json',
  definedIn: import.meta.url,
  run: (context) => executes(context, [{ label: 'the fenced call', render: fencedCall }]),
};

/** mcs.3.3.json-in-prose */
export const jsonInProseCheck: DriverCheck = {
  requirement: 'mcs.3.3.json-in-prose',
  definedIn: import.meta.url,
  run: (context) => executes(context, [{ label: 'the call in prose', render: callInProse }]),
};

/** mcs.3.3.tool-call-shapes */
export const toolCallShapesCheck: DriverCheck = {
  requirement: 'mcs.3.3.tool-call-shapes',
  definedIn: import.meta.url,
  run: (context) =>
    executes(context, [
      { label: 'OpenAI tool_calls', render: openAiCall },
      { label: 'Anthropic tool_use', render: anthropicCall },
    ]),
};

/** mcs.3.3.near-json */
export const nearJsonCheck: DriverCheck = {
  requirement: 'mcs.3.3.near-json',
  definedIn: import.meta.url,
  run: (context) => executes(context, [{ label: 'the near-JSON call', render: nearJsonCall }]),
};

/** mcs.3.3.several-calls */
export const severalCallsCheck: DriverCheck = {
  requirement: 'mcs.3.3.several-calls',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const [first, second = first] = driver.probeCalls;
    if (first === undefined || second === undefined) return NO_PROBE;
    const output = severalCalls(first, second);
    const outcome = await driver.call('processLlmResponse', [output]);
    if (outcome.status !== 'resolved') return fail(describeOutcome(outcome));
    if (!Array.isArray(outcome.value) || outcome.value.length !== 2) {
      return fail(`two calls gave ${preview(outcome.value)}, not a list of two results`);
    }
    const problems = [first, second].flatMap((probe, index) => {
      const problem = executionProblem(
        { status: 'resolved', value: (outcome.value as unknown[])[index], durationMs: 0 },
        output,
        probe,
      );
      return problem === undefined ? [] : [`result ${index + 1} (${probe.name}): ${problem}`];
    });
    return problems.length === 0
      ? pass(`${first.name} and ${second.name} executed, results in text order`)
      : fail(listProblems(problems));
  },
};

/** mcs.3.3.raw-result */
export const rawResultCheck: DriverCheck = {
  requirement: 'mcs.3.3.raw-result',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const probe = driver.probeCalls.find((candidate) => candidate.resultMatches !== undefined);
    if (probe === undefined) {
      return skip('no probe call declares resultMatches, the raw shape to look for');
    }
    const outcome = await driver.call('processLlmResponse', [bareCall(probe)]);
    if (outcome.status !== 'resolved') return fail(describeOutcome(outcome));
    return matchesPart(outcome.value, probe.resultMatches)
      ? pass(`${probe.name} returned the bridge's raw result`)
      : fail(
          `${probe.name} returned ${preview(outcome.value)}, not the raw shape ${preview(probe.resultMatches)}`,
        );
  },
};
