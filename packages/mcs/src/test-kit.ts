/**
 * The driver test kit: recorded cases (model output in, expected dispatch and result out) that
 * any driver can be run against, from vitest or from a conformance runner.
 *
 * @module
 */

import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { missingCapabilityMethods } from './capabilities.js';
import type { CallOptions, DetailedDriver, DriverResponse, MCSDriver } from './driver.js';
import { DriverMetaSchema } from './driver-meta.js';
import { McsError } from './errors.js';
import type { FunctionCall } from './function-call.js';
import type { CallIssue } from './parser/parse-result.js';

const ExpectedCallSchema = z.object({
  /** The function name. */
  name: z.string().min(1),
  /** The arguments, compared deeply. */
  arguments: z.record(z.string(), z.unknown()),
});

/**
 * What a case expects.
 *
 * - `no_call`: the driver treats the output as an answer (raw API: resolves to the text itself).
 * - `executed`: the calls ran; `calls` (name and arguments, in order) checks the dispatch,
 *   `result` the raw result (deep equality), `resultContains` a substring of it (a string
 *   result as is, anything else as JSON).
 * - `invalid_call`: the output holds a malformed call; `reasons` must all be among the issues.
 * - `failed`: a call reached the bridge and failed; `code` is the expected `McsError` code.
 *
 * @see mcs §7
 */
export const DriverTestExpectationSchema = z.discriminatedUnion('status', [
  z.object({
    /** The output is an answer, not a call. */
    status: z.literal('no_call'),
  }),
  z.object({
    /** The calls ran. */
    status: z.literal('executed'),
    /** The calls dispatched, in order. */
    calls: z.array(ExpectedCallSchema).optional(),
    /** The raw result, compared deeply. */
    result: z.unknown().optional(),
    /** A substring of the raw result (as JSON unless it is a string). */
    resultContains: z.string().optional(),
  }),
  z.object({
    /** The output holds a malformed call. */
    status: z.literal('invalid_call'),
    /** Issue reasons that must all be reported. */
    reasons: z.array(z.string()).optional(),
  }),
  z.object({
    /** A call reached the bridge and failed. */
    status: z.literal('failed'),
    /** The expected `McsError` code. */
    code: z.string().optional(),
  }),
]);

/**
 * One recorded case: a model's output and what the driver must make of it.
 *
 * @see mcs §7
 */
export const DriverTestCaseSchema = z.object({
  /** What the case checks, in words. */
  name: z.string().min(1),
  /** The model's output, as recorded. */
  modelOutput: z.string(),
  /** What the driver must make of it. */
  expect: DriverTestExpectationSchema,
});

/** One recorded case, as validated by {@link DriverTestCaseSchema}. */
export type DriverTestCase = z.infer<typeof DriverTestCaseSchema>;

/** What the kit saw the driver do with one case. */
export interface ObservedOutcome {
  /** The outcome's kind, as in {@link DriverResponse}. */
  status: DriverResponse['status'];
  /** The calls dispatched, when the driver reports them. */
  calls?: FunctionCall[];
  /** The raw result, for `executed`. */
  result?: unknown;
  /** The issue reasons, for `invalid_call`. */
  reasons?: string[];
  /** The error code, for `failed`. */
  code?: string;
}

/** The verdict on one case or one contract check. */
export interface DriverTestCaseResult {
  /** The case's name, or `contract: ...` for a contract check. */
  name: string;
  /** True when every expectation held. */
  passed: boolean;
  /** One line per expectation that failed. */
  failures: string[];
  /** What the driver did, for cases (absent for contract checks). */
  observed?: ObservedOutcome;
}

/** The kit's report; `passed` and `failed` count contract checks and cases together. */
export interface DriverTestKitReport {
  /** How many checks passed. */
  passed: number;
  /** How many checks failed. */
  failed: number;
  /** The contract checks (mcs §3, §5, §9), run before the cases. */
  contract: DriverTestCaseResult[];
  /** The cases, in the order given. */
  cases: DriverTestCaseResult[];
}

function isDetailed(driver: MCSDriver): driver is DetailedDriver {
  return typeof (driver as Partial<DetailedDriver>).processLlmResponseDetailed === 'function';
}

function check(name: string, run: () => string | undefined): DriverTestCaseResult {
  try {
    const failure = run();
    return {
      name: `contract: ${name}`,
      passed: failure === undefined,
      failures: failure === undefined ? [] : [failure],
    };
  } catch (error) {
    return {
      name: `contract: ${name}`,
      passed: false,
      failures: [`threw: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
}

/**
 * Checks the contract every driver keeps, whatever its bridge: valid metadata, a declared
 * spec version, a description and a system message, capability flags backed by methods.
 *
 * @see mcs §3, §5, §9
 */
export function checkDriverContract(driver: MCSDriver): DriverTestCaseResult[] {
  return [
    check('meta is a valid DriverMeta', () => {
      const result = DriverMetaSchema.safeParse(driver.meta);
      return result.success
        ? undefined
        : `meta is invalid: ${result.error.issues[0]?.message ?? ''}`;
    }),
    check('declares the spec version it implements', () =>
      typeof driver.specVersion === 'string' && /^\d+\.\d+\.\d+$/.test(driver.specVersion)
        ? undefined
        : `specVersion ${JSON.stringify(driver.specVersion)} is not MAJOR.MINOR.PATCH`,
    ),
    check('returns a function description', () => {
      const description = driver.getFunctionDescription();
      return typeof description === 'string' && description.trim() !== ''
        ? undefined
        : 'the function description is empty';
    }),
    check('returns a system message', () => {
      const message = driver.getDriverSystemMessage();
      return typeof message === 'string' && message.trim() !== ''
        ? undefined
        : 'the system message is empty';
    }),
    check('implements every capability it declares', () => {
      const missing = missingCapabilityMethods(driver);
      return missing.length === 0
        ? undefined
        : `declared but not implemented: ${missing.join(', ')}`;
    }),
  ];
}

async function observe(
  driver: MCSDriver,
  modelOutput: string,
  options: CallOptions,
): Promise<ObservedOutcome> {
  if (isDetailed(driver)) {
    const response = await driver.processLlmResponseDetailed(modelOutput, options);
    switch (response.status) {
      case 'no_call':
        return { status: 'no_call' };
      case 'executed':
        return {
          status: 'executed',
          calls: response.calls.map((call) => ({ name: call.name, arguments: call.arguments })),
          result: response.result,
        };
      case 'invalid_call':
        return { status: 'invalid_call', reasons: response.issues.map((issue) => issue.reason) };
      case 'failed':
        return { status: 'failed', code: response.error.code };
    }
  }
  try {
    const result = await driver.processLlmResponse(modelOutput, options);
    return result === modelOutput ? { status: 'no_call' } : { status: 'executed', result };
  } catch (error) {
    if (McsError.isInstance(error) && error.code === 'CALL_INVALID') {
      const issues = (error.data?.issues ?? []) as CallIssue[];
      return { status: 'invalid_call', reasons: issues.map((issue) => issue.reason) };
    }
    return { status: 'failed', code: McsError.isInstance(error) ? error.code : 'UNKNOWN' };
  }
}

function compare(
  expected: DriverTestCase['expect'],
  observed: ObservedOutcome,
  detailed: boolean,
): string[] {
  if (expected.status !== observed.status) {
    return [`expected status ${expected.status}, got ${observed.status}`];
  }
  const failures: string[] = [];
  if (expected.status === 'executed') {
    if (expected.calls !== undefined) {
      if (!detailed) {
        failures.push(
          'the driver does not report its dispatched calls (no processLlmResponseDetailed)',
        );
      } else if (!isDeepStrictEqual(observed.calls, expected.calls)) {
        failures.push(
          `expected calls ${JSON.stringify(expected.calls)}, got ${JSON.stringify(observed.calls)}`,
        );
      }
    }
    if (Object.hasOwn(expected, 'result') && !isDeepStrictEqual(observed.result, expected.result)) {
      failures.push(
        `expected result ${JSON.stringify(expected.result)}, got ${JSON.stringify(observed.result)}`,
      );
    }
    if (expected.resultContains !== undefined) {
      const text =
        typeof observed.result === 'string' ? observed.result : JSON.stringify(observed.result);
      if (!String(text).includes(expected.resultContains)) {
        failures.push(`expected the result to contain ${JSON.stringify(expected.resultContains)}`);
      }
    }
  }
  if (expected.status === 'invalid_call') {
    for (const reason of expected.reasons ?? []) {
      if (!observed.reasons?.includes(reason)) {
        failures.push(`expected reason ${reason}, got ${JSON.stringify(observed.reasons ?? [])}`);
      }
    }
  }
  if (
    expected.status === 'failed' &&
    expected.code !== undefined &&
    expected.code !== observed.code
  ) {
    failures.push(`expected error code ${expected.code}, got ${observed.code ?? 'none'}`);
  }
  return failures;
}

/**
 * Runs the contract checks and every case against a driver; never rejects.
 *
 * Cases are validated with {@link DriverTestCaseSchema} (a bad case fails with the reason) and
 * run one after the other. A driver with `processLlmResponseDetailed` is observed through it,
 * so `calls` can be checked; any other driver through `processLlmResponse`, where a result
 * equal to the model output counts as `no_call`, and `calls` expectations fail as unobservable.
 *
 * @see mcs §7
 */
export async function runDriverTestKit(
  driver: MCSDriver,
  cases: readonly unknown[],
  options: CallOptions = {},
): Promise<DriverTestKitReport> {
  const contract = checkDriverContract(driver);
  const results: DriverTestCaseResult[] = [];
  for (const [index, entry] of cases.entries()) {
    const parsed = DriverTestCaseSchema.safeParse(entry);
    if (!parsed.success) {
      results.push({
        name: `case #${index}`,
        passed: false,
        failures: [`the case is invalid: ${parsed.error.issues[0]?.message ?? 'unknown issue'}`],
      });
      continue;
    }
    const testCase = parsed.data;
    let observed: ObservedOutcome;
    try {
      observed = await observe(driver, testCase.modelOutput, options);
    } catch (error) {
      results.push({
        name: testCase.name,
        passed: false,
        failures: [`the driver threw: ${error instanceof Error ? error.message : String(error)}`],
      });
      continue;
    }
    const failures = compare(testCase.expect, observed, isDetailed(driver));
    results.push({ name: testCase.name, passed: failures.length === 0, failures, observed });
  }
  const all = [...contract, ...results];
  const passed = all.filter((result) => result.passed).length;
  return { passed, failed: all.length - passed, contract, cases: results };
}

/**
 * Formats a report as text: one line per check (`ok` or `FAIL` with its failures), then
 * `N passed, M failed`, the closing line test runners read.
 */
export function formatDriverTestKitReport(report: DriverTestKitReport): string {
  const lines = [...report.contract, ...report.cases].map((result) =>
    result.passed ? `ok   ${result.name}` : `FAIL ${result.name}: ${result.failures.join('; ')}`,
  );
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return lines.join('\n');
}
