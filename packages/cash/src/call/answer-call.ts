/**
 * The `call` tool: route, normalize and validate kwargs, run, and gate the response.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CoreError } from '@x/core';
import { nearestNames } from '@x/core/text';
import type { CashFunction, FunctionOutcome } from '../definitions.js';
import { CashError, toUpstreamError } from '../errors.js';
import { rewriteForwarded } from '../forward.js';
import { optionalParameters } from '../help/parameters.js';
import { checkJsonLimits, type JsonLimits, normalizeKwargs } from '../kwargs.js';
import { findEntry, unknownFunction } from '../lookup.js';
import { canonicalKey, formatNamespacePath } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import { type ForwardResolution, forwardTarget, resolveNamespace, type Scope } from '../resolve.js';
import { errorLine, errorResult, formatInvocation, resultCode, wireError } from '../results.js';
import { describeSchemaErrors, parameterNames, type SchemaValidator } from '../schema.js';
import type { CallArguments } from '../tool-arguments.js';
import { gatedResult, responseSize, summarizeResult } from './gate.js';
import { withheldWriteResult } from './withheld-write.js';

/** What `call` needs from its server. */
export interface CallSettings {
  /** The default gate threshold in characters. */
  gateThreshold: number;
  /** Bounds on kwargs. */
  limits: JsonLimits;
  /** The ajv validator shared by the server's functions. */
  validator: SchemaValidator;
}

function qualified(namespace: string, name: string): string {
  return namespace === '' ? name : `${namespace}.${name}`;
}

function invalidArguments(namespace: string, entry: CashFunction, problems: string[]): CashError {
  const helpCall = formatInvocation('help', { namespace, function: entry.label });
  return wireError(
    'INVALID_ARGUMENTS',
    `Invalid arguments for \`${qualified(namespace, entry.label)}\`: ${problems.join('; ')}. Use \`${helpCall}\` to see the parameters.`,
    { namespace, function: entry.label, problems, help: helpCall },
  );
}

/** Adds "did you mean" hints to unknown-argument problems. */
function withParameterHints(problems: string[], names: readonly string[]): string[] {
  return problems.map((problem) => {
    const match = /^unknown argument `([^`.[]+)`$/.exec(problem);
    if (match === null) return problem;
    const nearest = nearestNames(match[1] ?? '', names, { key: canonicalKey });
    return nearest.length > 0 ? `${problem} (did you mean \`${nearest[0]}\`?)` : problem;
  });
}

/** Takes `kwargs.sizelimit` as the size limit when the function has no such parameter (§7.3). */
function splitSizeLimit(
  request: CallArguments,
  names: readonly string[],
): { kwargs: Record<string, unknown>; sizelimit: number | undefined } | CashError {
  const key = Object.keys(request.kwargs).find((name) => canonicalKey(name) === 'sizelimit');
  if (key === undefined || names.some((name) => canonicalKey(name) === 'sizelimit')) {
    return { kwargs: request.kwargs, sizelimit: request.sizelimit };
  }
  const value = request.kwargs[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    return wireError(
      'INVALID_ARGUMENTS',
      '`sizelimit` must be a non-negative integer (characters).',
    );
  }
  const kwargs = Object.fromEntries(
    Object.entries(request.kwargs).filter(([name]) => name !== key),
  );
  return { kwargs, sizelimit: request.sizelimit ?? value };
}

function gate(
  outcome: FunctionOutcome,
  limit: number,
  entry: Pick<CashFunction, 'summarize' | 'narrow'> & {
    filters: readonly string[];
    notRun?: string;
  },
): CallToolResult {
  const code = resultCode(outcome.result);
  if (code === 'GATED') return outcome.result;
  const size = responseSize(outcome.result);
  if (size <= limit) return outcome.result;
  return gatedResult({
    size,
    limit,
    summary: summarizeResult(outcome.result, outcome.value, entry.summarize),
    narrow: entry.narrow,
    filters: entry.filters,
    ...(entry.notRun === undefined ? {} : { notRun: entry.notRun }),
  });
}

async function forwardCall(
  request: CallArguments,
  resolution: ForwardResolution,
  scope: Scope,
  limit: number,
): Promise<CallToolResult> {
  const { prefix, namespaceArgument } = forwardTarget(resolution);
  const args: Record<string, unknown> = {
    ...namespaceArgument,
    function: request.function,
    kwargs: request.kwargs,
    ...(request.sizelimit === undefined ? {} : { sizelimit: request.sizelimit }),
  };
  try {
    const result = rewriteForwarded(await resolution.forward('call', args, scope.signal), prefix);
    return gate({ result }, limit, { summarize: undefined, narrow: undefined, filters: [] });
  } catch (error) {
    return errorResult(toUpstreamError(error, prefix));
  }
}

async function invoke(
  entry: CashFunction,
  kwargs: Record<string, unknown>,
  namespace: string,
  scope: Scope,
  run: CashFunction['invoke'] = entry.invoke,
): Promise<FunctionOutcome | CashError> {
  try {
    return await run(kwargs, {
      session: scope.session,
      signal: scope.signal,
      namespace,
      function: entry.label,
    });
  } catch (error) {
    if (CashError.isInstance(error)) {
      if (error.code === 'INVALID_ARGUMENTS') {
        const problems = Array.isArray(error.data?.problems)
          ? (error.data.problems as string[])
          : [error.message];
        return invalidArguments(namespace, entry, problems);
      }
      return error;
    }
    if (CoreError.isInstance(error)) {
      return toUpstreamError(error, namespace);
    }
    return wireError(
      'FUNCTION_FAILED',
      `\`${qualified(namespace, entry.label)}\` failed: ${errorLine(error)}`,
      { namespace, function: entry.label },
    );
  }
}

/**
 * Answers `call`: resolves the namespace (or forwards to a mounted CaSH upstream), finds the
 * function, normalizes kwargs keys (§5.3), validates them with ajv, runs the handler and gates
 * the response against `sizelimit` or the server's threshold (§7); a write is gated before it
 * runs or withheld after, never reported as failed once it ran.
 *
 * @see cash-rfc §4.1, §5.3, §7.2, §7.3
 */
export async function answerCall(
  root: NamespaceNode,
  request: CallArguments,
  scope: Scope,
  settings: CallSettings,
): Promise<CallToolResult> {
  const violation = checkJsonLimits(request.kwargs, settings.limits);
  if (violation !== undefined) {
    return errorResult(
      wireError(
        'INVALID_ARGUMENTS',
        violation === 'depth'
          ? `\`kwargs\` is nested deeper than ${settings.limits.maxDepth} levels.`
          : `\`kwargs\` is larger than ${settings.limits.maxChars.toLocaleString('en-US')} characters.`,
      ),
    );
  }
  const resolution = await resolveNamespace(root, request.namespace, scope);
  if (CashError.isInstance(resolution)) return errorResult(resolution);
  if (resolution.kind === 'forward') {
    return forwardCall(request, resolution, scope, request.sizelimit ?? settings.gateThreshold);
  }
  const view = resolution.view;
  const entry = findEntry(view.functions, request.function);
  if (entry === undefined) return errorResult(unknownFunction(request.function, view, root, scope));
  const namespace = formatNamespacePath(view.path);
  const names = parameterNames(entry.inputSchema);
  const split = splitSizeLimit(request, names);
  if (CashError.isInstance(split)) return errorResult(split);
  const normalized = normalizeKwargs(split.kwargs, names);
  if (!normalized.ok) {
    const problems = normalized.conflicts.map(
      ([first, second]) => `\`${first}\` and \`${second}\` name the same argument`,
    );
    return errorResult(invalidArguments(namespace, entry, problems));
  }
  if (entry.validate) {
    const compiled = settings.validator.compile(entry.inputSchema);
    if (typeof compiled === 'function' && !compiled(normalized.kwargs)) {
      const problems = withParameterHints(describeSchemaErrors(compiled.errors ?? []), names);
      return errorResult(invalidArguments(namespace, entry, problems));
    }
  }
  const limit = split.sizelimit ?? settings.gateThreshold;
  const gating = {
    summarize: entry.summarize,
    narrow: entry.narrow,
    filters: optionalParameters(entry.inputSchema),
  };
  if (entry.effect === 'write') {
    return callWrite(entry, normalized.kwargs, namespace, scope, limit, gating);
  }
  const outcome = await invoke(entry, normalized.kwargs, namespace, scope);
  if (CashError.isInstance(outcome)) return errorResult(outcome);
  return gate(outcome, limit, gating);
}

/**
 * Runs a write so that it is never answered as failed after it ran: a dry-run estimate over the
 * limit gates it before it runs; a response over the limit after it ran is withheld in a
 * success answer, with a `sizelimit` to read it only when a retry is safe.
 */
async function callWrite(
  entry: CashFunction,
  kwargs: Record<string, unknown>,
  namespace: string,
  scope: Scope,
  limit: number,
  gating: Parameters<typeof gate>[2],
): Promise<CallToolResult> {
  const name = qualified(namespace, entry.label);
  if (entry.estimate !== undefined) {
    const estimate = await invoke(entry, kwargs, namespace, scope, entry.estimate);
    if (CashError.isInstance(estimate)) return errorResult(estimate);
    const gated = gate(estimate, limit, { ...gating, notRun: name });
    if (resultCode(gated) === 'GATED') return gated;
  }
  const outcome = await invoke(entry, kwargs, namespace, scope);
  if (CashError.isInstance(outcome)) return errorResult(outcome);
  const size = responseSize(outcome.result);
  if (size <= limit || resultCode(outcome.result) === 'GATED') return outcome.result;
  return withheldWriteResult({
    function: name,
    size,
    limit,
    summary: summarizeResult(outcome.result, outcome.value, entry.summarize),
    retrySafe: entry.isRetrySafe(kwargs),
  });
}
