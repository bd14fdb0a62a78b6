/**
 * The parser of mcs §3.3: finds the function calls in what a model wrote, checks them against
 * the function set, and says clearly when there is none or when one is broken.
 *
 * @module
 */

import type { ParsedCall } from '../function-call.js';
import { type FunctionDefinition, parseFunctionDefinitions } from '../function-definition.js';
import { createArgumentValidator } from './argument-validator.js';
import type { RawCall } from './call-shapes.js';
import {
  duplicateKeyIssue,
  excerpt,
  findCalls,
  forbiddenKeyIssue,
  type Located,
  scanLimitIssue,
  tooDeepIssue,
} from './find-calls.js';
import { type ParserLimits, resolveParserLimits } from './limits.js';
import { parseNearJson } from './near-json.js';
import type { CallIssue, ParseResult } from './parse-result.js';
import { buildRetryPrompt } from './retry-prompt.js';
import { suggestFunctionName } from './suggest-name.js';

/** What {@link createCallParser} takes. */
export interface CallParserOptions {
  /** The functions calls may name; their schemas are compiled once, here. */
  functions: readonly FunctionDefinition[];
  /** Bounds of one parse; unset ones take {@link DEFAULT_PARSER_LIMITS}. */
  limits?: Partial<ParserLimits>;
}

/** A parser bound to one function set. */
export interface CallParser {
  /** The function set, as validated. */
  readonly functions: readonly FunctionDefinition[];
  /** The bounds in force. */
  readonly limits: Readonly<ParserLimits>;
  /** Parses a model's text; never throws, whatever the input. */
  parse(text: string): ParseResult;
}

/**
 * Creates a parser for a function set.
 *
 * How a text is read: see `findCalls` (strict JSON first, a bounded repair only where no
 * strict call was found); each call found is then checked: its function must exist, its
 * arguments (an object, or a JSON string of one) must pass the function's JSON Schema. An
 * arguments string is repaired only when it is one complete bracketed value and the repair
 * invents nothing (see `parseNearJson`): anything else is `arguments_not_json`, never a guess.
 * A call that needed any repair says so (`repaired: true`). When
 * any check fails, nothing of the text is executed: the result is `malformed` with one issue
 * per problem and a retry prompt.
 *
 * @throws McsError `FUNCTION_INVALID` or `CONFIG_INVALID` when the function set or limits are bad.
 * @see mcs §3.3
 */
export function createCallParser(options: CallParserOptions): CallParser {
  const functions = parseFunctionDefinitions(options.functions);
  const limits = resolveParserLimits(options.limits);
  const validator = createArgumentValidator(functions);
  const byName = new Map(functions.map((definition) => [definition.name, definition]));
  const names = functions.map((definition) => definition.name);
  const isKnownName = (name: string): boolean => byName.has(name);

  function malformed(issues: CallIssue[], calls: ParsedCall[]): ParseResult {
    return { status: 'malformed', issues, calls, retryPrompt: buildRetryPrompt(issues, names) };
  }

  function parse(text: string): ParseResult {
    if (typeof text !== 'string') {
      return malformed([{ reason: 'input_not_text', message: 'The input is not text.' }], []);
    }
    if (text.length > limits.maxInputChars) {
      return malformed(
        [
          {
            reason: 'input_too_large',
            message: `Your message is ${text.length} characters long; at most ${limits.maxInputChars} are read.`,
          },
        ],
        [],
      );
    }
    const scan = findCalls(text, { limits, names, isKnownName });
    const issues: Located<CallIssue>[] = [...scan.issues];
    const calls: Located<ParsedCall>[] = [];
    const attempts = { count: scan.attempts };
    for (const found of scan.calls) {
      const outcome = resolveCall(found.value, attempts);
      if ('reason' in outcome) issues.push({ position: found.position, value: outcome });
      else calls.push({ position: found.position, value: outcome });
    }
    const orderedCalls = calls.map((entry) => entry.value);
    if (issues.length > 0) {
      const ordered = [...issues].sort((left, right) => left.position - right.position);
      return malformed(
        ordered.map((entry) => entry.value),
        orderedCalls,
      );
    }
    return orderedCalls.length === 0
      ? { status: 'no_call' }
      : { status: 'calls', calls: orderedCalls };
  }

  function resolveCall(raw: RawCall, attempts: { count: number }): ParsedCall | CallIssue {
    if (!byName.has(raw.name)) {
      const suggestion = suggestFunctionName(raw.name, names);
      return {
        reason: 'unknown_function',
        name: raw.name,
        message: `There is no function named ${JSON.stringify(raw.name)}.${suggestion === undefined ? '' : ` Did you mean ${JSON.stringify(suggestion)}?`}`,
      };
    }
    let value = raw.rawArguments;
    let repaired = raw.repaired === true;
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '')
    ) {
      value = {};
    } else if (typeof value === 'string') {
      const notJson: CallIssue = {
        reason: 'arguments_not_json',
        name: raw.name,
        message: `The arguments of ${JSON.stringify(raw.name)} are a string that is not JSON: ${excerpt(value)}. Nothing was run; write them as one complete JSON object, such as {"key": "value"}.`,
      };
      // Only JSON text of an object or array counts; the repair would quote any other text.
      if (!/^\s*[[{]/.test(value)) return notJson;
      attempts.count += 1;
      if (attempts.count > limits.maxRepairAttempts) return scanLimitIssue();
      const parsed = parseNearJson(value, limits.maxDepth, {
        repair: true,
        requireComplete: true,
      });
      if (parsed.kind === 'too_deep') return tooDeepIssue(limits.maxDepth);
      if (parsed.kind === 'forbidden_key') return forbiddenKeyIssue(parsed.key);
      if (parsed.kind === 'duplicate_key') return duplicateKeyIssue(parsed.key);
      if (parsed.kind === 'unparseable') return notJson;
      value = parsed.value;
      repaired ||= parsed.repaired;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return {
        reason: 'arguments_not_object',
        name: raw.name,
        message: `The arguments of ${JSON.stringify(raw.name)} must be a JSON object, not ${Array.isArray(value) ? 'an array' : typeof value}.`,
      };
    }
    const argumentsValue = value as Record<string, unknown>;
    const errors = validator.validate(raw.name, argumentsValue);
    if (errors.length > 0) {
      return {
        reason: 'invalid_arguments',
        name: raw.name,
        message: `The arguments of ${JSON.stringify(raw.name)} do not match its parameters:`,
        errors,
      };
    }
    const call: ParsedCall = { name: raw.name, arguments: argumentsValue, style: raw.style };
    if (raw.id !== undefined) call.id = raw.id;
    if (repaired) call.repaired = true;
    return call;
  }

  return { functions, limits, parse };
}
