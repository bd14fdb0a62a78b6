/**
 * Helpers of the `mcs` checks: which models to ask for, and how to judge what a driver did
 * with an output.
 *
 * @module
 */

import type { CallOutcome } from '../../driver/driver-host.js';
import type { ProbeCall } from '../../driver/driver-module.js';

/** The most models of `target_llms` the checks ask for. */
const MAX_MODELS = 6;

/**
 * The model names to ask for: none (`undefined`), then each explicit `target_llms` entry, a
 * `*` inside an entry (`gpt-*`) replaced by `conformance`. The `*` entry itself is the
 * no-model case.
 */
export function modelsToAsk(meta: unknown): (string | undefined)[] {
  const entries = (meta as { target_llms?: unknown } | null)?.target_llms;
  const explicit = Array.isArray(entries)
    ? entries
        .filter(
          (entry): entry is string => typeof entry === 'string' && entry !== '*' && entry !== '',
        )
        .map((entry) => entry.replaceAll('*', 'conformance'))
    : [];
  return [undefined, ...[...new Set(explicit)].slice(0, MAX_MODELS)];
}

/** The call's arguments for a model: none for no model, else the name. */
export function modelArguments(model: string | undefined): unknown[] {
  return model === undefined ? [] : [model];
}

/** How a model is named in messages. */
export function modelLabel(model: string | undefined): string {
  return model === undefined ? 'no model' : `model ${model}`;
}

/** One line saying what an outcome was. */
export function describeOutcome(outcome: CallOutcome): string {
  switch (outcome.status) {
    case 'resolved':
      return `resolved to ${preview(outcome.value)}`;
    case 'rejected':
      return `rejected with ${outcome.error.name}${outcome.error.code === undefined ? '' : ` ${outcome.error.code}`}: ${outcome.error.message}`;
    case 'timeout':
      return `did not answer within ${outcome.durationMs} ms`;
  }
}

/** A short rendering of a value for messages. */
export function preview(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}

/** The outcome's value when it resolved to a string, else `undefined`. */
export function resolvedText(outcome: CallOutcome): string | undefined {
  return outcome.status === 'resolved' && typeof outcome.value === 'string'
    ? outcome.value
    : undefined;
}

/** Whether a result holds `text`: a string result as is, anything else as JSON. */
export function containsText(value: unknown, text: string): boolean {
  if (typeof value === 'string') return value.includes(text);
  try {
    return (JSON.stringify(value) ?? '').includes(text);
  } catch {
    return false;
  }
}

/**
 * Whether `actual` has the part `expected` describes: objects key by key, arrays item by item
 * from the start (extra items allowed), anything else strictly equal.
 */
export function matchesPart(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length >= expected.length &&
      expected.every((item, index) => matchesPart(actual[index], item))
    );
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(
      ([key, value]) =>
        Object.hasOwn(actual, key) && matchesPart((actual as Record<string, unknown>)[key], value),
    );
  }
  return Object.is(actual, expected);
}

/**
 * Why the outcome of one probe call is not an execution, or `undefined` when it is: it must
 * resolve, to something other than the output itself or nothing, holding `resultContains`.
 */
export function executionProblem(
  outcome: CallOutcome,
  output: string,
  probe: ProbeCall,
): string | undefined {
  if (outcome.status !== 'resolved') return describeOutcome(outcome);
  if (outcome.value === output) return 'it returned the output unchanged, as if there were no call';
  if (outcome.value === undefined || outcome.value === null) return 'it resolved to nothing';
  if (probe.resultContains !== undefined && !containsText(outcome.value, probe.resultContains)) {
    return `the result ${preview(outcome.value)} does not hold ${JSON.stringify(probe.resultContains)}`;
  }
  return undefined;
}
