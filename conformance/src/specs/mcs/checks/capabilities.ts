/**
 * Checks of the optional capabilities (mcs §5): a declared flag has its method, and the method
 * answers as the capability table suggests.
 *
 * @module
 */

import type { DriverCheck } from '../../../driver/driver-check.js';
import type { CallOutcome } from '../../../driver/driver-host.js';
import type { DriverMethod } from '../../../driver/host-protocol.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { describeOutcome, preview } from '../observe.js';

/** The method behind each capability flag of mcs §5, in the TypeScript SDK's names. */
const METHOD_BY_FLAG: Readonly<Record<string, DriverMethod>> = {
  healthcheck: 'healthcheck',
  cache: 'warmup',
  status: 'getStatus',
  stream: 'streamCall',
};

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function declaredFlags(meta: unknown): string[] | undefined {
  const capabilities = (meta as { capabilities?: unknown } | null)?.capabilities;
  return Array.isArray(capabilities)
    ? capabilities.filter((flag): flag is string => typeof flag === 'string')
    : undefined;
}

/** mcs.5.capability-flags */
export const capabilityFlagsCheck: DriverCheck = {
  requirement: 'mcs.5.capability-flags',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const flags = declaredFlags(driver.meta);
    if (flags === undefined) return fail('meta.capabilities is not a list');
    const known = flags.filter((flag) => Object.hasOwn(METHOD_BY_FLAG, flag));
    const missing = known.filter((flag) => !driver.methods[METHOD_BY_FLAG[flag] as DriverMethod]);
    if (missing.length > 0) {
      return fail(
        `declared without a method: ${missing.map((flag) => `${flag} (${METHOD_BY_FLAG[flag]})`).join(', ')}`,
      );
    }
    return pass(
      known.length === 0 ? 'declares no mcs §5 capability' : `backed: ${known.join(', ')}`,
    );
  },
};

/** Why a capability's answer is not what the table suggests, or `undefined`. */
function resultProblem(flag: string, outcome: CallOutcome): string | undefined {
  if (outcome.status !== 'resolved') return describeOutcome(outcome);
  switch (flag) {
    case 'healthcheck':
    case 'status':
      return isPlainObject(outcome.value)
        ? undefined
        : `answered ${preview(outcome.value)}, not an object`;
    case 'stream':
      return (outcome.value as { iterable?: unknown }).iterable === true
        ? undefined
        : 'did not return an async iterable';
    default:
      return undefined;
  }
}

/** mcs.5.capability-results */
export const capabilityResultsCheck: DriverCheck = {
  requirement: 'mcs.5.capability-results',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const flags = (declaredFlags(driver.meta) ?? []).filter(
      (flag) =>
        Object.hasOwn(METHOD_BY_FLAG, flag) && driver.methods[METHOD_BY_FLAG[flag] as DriverMethod],
    );
    if (flags.length === 0) return notApplicable('declares no mcs §5 capability with its method');
    const problems: string[] = [];
    for (const flag of flags) {
      const method = METHOD_BY_FLAG[flag] as DriverMethod;
      const outcome =
        flag === 'stream'
          ? await driver.call(method, ['There is no call in this text.'], { collect: true })
          : await driver.call(method, []);
      const problem = resultProblem(flag, outcome);
      if (problem !== undefined) problems.push(`${method}(): ${problem}`);
    }
    return problems.length === 0
      ? pass(`answered as expected: ${flags.join(', ')}`)
      : fail(listProblems(problems));
  },
};
