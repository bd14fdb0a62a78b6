/**
 * Checks of what a driver must not execute (mcs §2, §3.3): outputs without a call, calls it
 * cannot map, and hostile outputs.
 *
 * @module
 */

import type { DriverCheck } from '../../../driver/driver-check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { hostileOutputs, NO_CALL_OUTPUTS, refusedOutputs } from '../corpus.js';
import { describeOutcome } from '../observe.js';

/** The time one hostile output may take, in milliseconds. */
const HOSTILE_OUTPUT_TIMEOUT_MS = 5_000;

/** mcs.3.3.no-call */
export const noCallCheck: DriverCheck = {
  requirement: 'mcs.3.3.no-call',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const problems: string[] = [];
    for (const { id, text } of NO_CALL_OUTPUTS) {
      const outcome = await driver.call('processLlmResponse', [text]);
      const answered =
        outcome.status === 'resolved' &&
        (outcome.value === text || outcome.value === null || outcome.value === undefined);
      if (!answered) problems.push(`${id}: ${describeOutcome(outcome)}`);
    }
    return problems.length === 0
      ? pass(`${NO_CALL_OUTPUTS.length} outputs without a call came back as answers`)
      : fail(listProblems(problems));
  },
};

/** mcs.3.3.validate-input */
export const validateInputCheck: DriverCheck = {
  requirement: 'mcs.3.3.validate-input',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const entries = refusedOutputs(driver.probeCalls[0]?.name);
    const problems: string[] = [];
    for (const { id, text } of entries) {
      const outcome = await driver.call('processLlmResponse', [text]);
      if (outcome.status !== 'rejected') problems.push(`${id}: ${describeOutcome(outcome)}`);
    }
    return problems.length === 0
      ? pass(`refused: ${entries.map((entry) => entry.id).join(', ')}`)
      : fail(listProblems(problems));
  },
};

/** mcs.3.3.hostile-input */
export const hostileInputCheck: DriverCheck = {
  requirement: 'mcs.3.3.hostile-input',
  definedIn: import.meta.url,
  timeoutMs: 40_000,
  async run(context) {
    let driver = await context.driver();
    const entries = hostileOutputs(driver.probeCalls[0]?.name ?? 'conformance_probe');
    const problems: string[] = [];
    for (const { id, text } of entries) {
      const outcome = await driver.call('processLlmResponse', [text], {
        timeoutMs: HOSTILE_OUTPUT_TIMEOUT_MS,
      });
      if (outcome.status === 'timeout') {
        problems.push(`${id}: ${describeOutcome(outcome)}`);
        driver = await context.driver();
        continue;
      }
      const polluted = await driver.pollutedKeys();
      if (polluted.length > 0) {
        problems.push(`${id}: Object.prototype gained ${polluted.join(', ')}`);
        // The later checks get a driver whose prototypes are clean.
        await driver.discard();
        driver = await context.driver();
      }
    }
    return problems.length === 0
      ? pass(
          `answered in time, prototypes untouched: ${entries.map((entry) => entry.id).join(', ')}`,
        )
      : fail(listProblems(problems));
  },
};
