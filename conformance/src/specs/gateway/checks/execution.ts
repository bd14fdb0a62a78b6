/**
 * Checks of `tool_execute` and `tool_view`: validation before dispatch (§4.4), the context
 * firewall (§4.2) and drilling into artifacts.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { invalidArgumentsCall, largeResultCall } from '../probe.js';
import {
  callMetaTool,
  describeAnswer,
  errorCodeOf,
  META_TOOLS,
  type MetaToolAnswer,
  requireMode,
} from '../surface.js';

/** The keys of a ResultEnvelope (§4.2): a result in one of these came from upstream. */
export const ENVELOPE_KEYS = ['status', 'summary', 'artifacts'] as const;

/** Arguments that break the schema answer ARGS_INVALID and carry no upstream result. */
export const argsInvalidCheck: Check = {
  requirement: 'gw.4.4.args-invalid',
  definedIn: import.meta.url,
  async run(context) {
    const call = await invalidArgumentsCall(context);
    if (call === undefined) {
      return skip(
        'no tool to send invalid arguments to: the target configures no settings.gateway probe',
      );
    }
    const answer = await callMetaTool(context, META_TOOLS.execute, {
      tool_id: call.toolId,
      args: call.args,
    });
    if (errorCodeOf(answer) !== 'ARGS_INVALID') {
      return fail(
        `tool_execute ${call.toolId} with ${JSON.stringify(call.args)} answered ${describeAnswer(answer)}, not ARGS_INVALID`,
      );
    }
    const leaked = ENVELOPE_KEYS.filter((key) => answer.payload?.[key] !== undefined);
    return leaked.length > 0
      ? fail(`the ARGS_INVALID answer also carries a result (${leaked.join(', ')})`)
      : pass(`${call.toolId} with ${JSON.stringify(call.args)} answers ARGS_INVALID and no result`);
  },
};

/** The probe's large result, executed once per target (its artifacts belong to that session). */
function largeResult(context: CheckContext): Promise<MetaToolAnswer | undefined> {
  return context.memo('gateway.large-result', async () => {
    const call = await largeResultCall(context);
    if (call === undefined) return undefined;
    return callMetaTool(context, META_TOOLS.execute, { tool_id: call.toolId, args: call.args });
  });
}

/** The artifact handles of an envelope. */
export function handlesOf(answer: MetaToolAnswer): string[] {
  const artifacts = answer.payload?.artifacts;
  if (!Array.isArray(artifacts)) return [];
  return artifacts.flatMap((artifact) =>
    isRecord(artifact) && typeof artifact.handle === 'string' ? [artifact.handle] : [],
  );
}

/** The bytes the envelope says its artifacts hold, when it says. */
export function artifactBytes(answer: MetaToolAnswer): number | undefined {
  const artifacts = answer.payload?.artifacts;
  if (!Array.isArray(artifacts)) return undefined;
  const sizes = artifacts.map((artifact) => (isRecord(artifact) ? artifact.bytes : undefined));
  return sizes.every((size) => typeof size === 'number')
    ? sizes.reduce((sum: number, size) => sum + (size as number), 0)
    : undefined;
}

const NO_PROBE = 'the target configures no settings.gateway probe with a large result';

/** A large result comes back as a smaller envelope listing its artifacts. */
export const firewallEnvelopeCheck: Check = {
  requirement: 'gw.4.2.firewall-envelope',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const answer = await largeResult(context);
    if (answer === undefined) return skip(NO_PROBE);
    if (answer.isError) return fail(`the large call answered ${describeAnswer(answer)}`);
    const payload = answer.payload;
    if (payload === undefined) return fail('the large call answered without a JSON envelope');
    const problems: string[] = [];
    if (typeof payload.status !== 'string') problems.push('the envelope has no status');
    if (typeof payload.summary !== 'string') problems.push('the envelope has no summary');
    const handles = handlesOf(answer);
    if (handles.length === 0) problems.push('the envelope lists no artifact with a handle');
    const stored = artifactBytes(answer);
    if (stored !== undefined && answer.text.length >= stored) {
      problems.push(
        `the envelope (${answer.text.length} characters) is not smaller than its artifacts (${stored} bytes)`,
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `the large result is an envelope of ${answer.text.length} characters with ${handles.length} artifact(s)`,
        );
  },
};

/** The selector the envelope suggests first for `handle`, else `head`. */
export function suggestedSelector(answer: MetaToolAnswer, handle: string): string {
  const views = answer.payload?.views;
  const view = Array.isArray(views)
    ? views.find(
        (entry) =>
          isRecord(entry) &&
          entry.handle === handle &&
          typeof entry.selector === 'string' &&
          !entry.selector.includes('PATTERN'),
      )
    : undefined;
  return isRecord(view) && typeof view.selector === 'string' ? view.selector : 'head';
}

/** `tool_view` reads part of a listed artifact. */
export const toolViewCheck: Check = {
  requirement: 'gw.4.2.tool-view',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const answer = await largeResult(context);
    if (answer === undefined) return skip(NO_PROBE);
    const handle = handlesOf(answer)[0];
    if (handle === undefined) return fail('the large result lists no artifact to view');
    const selector = suggestedSelector(answer, handle);
    const view = await callMetaTool(context, META_TOOLS.view, { handle, selector });
    if (view.isError)
      return fail(`tool_view ${handle} ${selector} answered ${describeAnswer(view)}`);
    return view.text.trim() === ''
      ? fail(`tool_view ${handle} ${selector} answered no text`)
      : pass(`tool_view ${handle} ${selector} answered ${view.text.length} characters`);
  },
};

/** Unknown handles and selectors answer VIEW_FAILED. */
export const viewFailedCheck: Check = {
  requirement: 'gw.4.2.view-failed',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const problems: string[] = [];
    const unknown = await callMetaTool(context, META_TOOLS.view, {
      handle: 'conformance-no-such-handle',
      selector: 'head',
    });
    if (errorCodeOf(unknown) !== 'VIEW_FAILED')
      problems.push(`an unknown handle answered ${describeAnswer(unknown)}`);
    const large = await largeResult(context);
    const handle = large === undefined ? undefined : handlesOf(large)[0];
    if (handle !== undefined) {
      const bad = await callMetaTool(context, META_TOOLS.view, {
        handle,
        selector: 'conformance-no-such-selector',
      });
      if (errorCodeOf(bad) !== 'VIEW_FAILED')
        problems.push(`an unknown selector answered ${describeAnswer(bad)}`);
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return pass(
      handle === undefined
        ? 'an unknown handle answers VIEW_FAILED (no artifact to try a selector on)'
        : 'an unknown handle and an unknown selector answer VIEW_FAILED',
    );
  },
};

/** The checks of execution and views, in catalog order. */
export const executionChecks: readonly Check[] = [
  argsInvalidCheck,
  firewallEnvelopeCheck,
  toolViewCheck,
  viewFailedCheck,
];
