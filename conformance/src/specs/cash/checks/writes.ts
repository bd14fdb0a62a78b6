/**
 * The check of gating a write (cash-rfc §7.2 item 3): the suggested sizelimit retrieves a
 * response, so following it must not repeat a change, and an answer that reports a failure must
 * come from a call that changed nothing.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, pass, skip } from '../../../outcome.js';
import { suggestedLimit } from '../gate-observation.js';
import { cashSettings, type LargeCall } from '../settings.js';
import {
  answerCode,
  callArguments,
  callCashTool,
  describeInvocation,
  type ToolAnswer,
} from '../tool-answer.js';

function invoke(context: CheckContext, call: LargeCall, sizelimit?: number): Promise<ToolAnswer> {
  return callCashTool(
    context,
    'call',
    callArguments(call.namespace ?? '', call.function, call.kwargs ?? {}, sizelimit),
  );
}

function describe(call: LargeCall): string {
  return describeInvocation(
    'call',
    callArguments(call.namespace ?? '', call.function, call.kwargs ?? {}),
  );
}

/**
 * Calls the registered write without a sizelimit, then again with the sizelimit its answer
 * suggests (if any), reading the probe before and after each: an error answer with a changed
 * probe, or a change on the first call and another on the retry, fails.
 */
export const writeNotRepeatedCheck: Check = {
  requirement: 'cash.7.2.write-not-repeated',
  definedIn: import.meta.url,
  async run(context) {
    const write = cashSettings(context).writeCall;
    if (write === undefined) {
      return skip('no write call is registered (settings.cash.writeCall)');
    }
    const label = describe(write);
    const probe = async () => (await invoke(context, write.probe)).text;
    const before = await probe();
    const first = await invoke(context, write);
    const afterFirst = await probe();
    const changed = afterFirst !== before;
    if (first.isError && changed) {
      return fail(
        `${label} answered an error (code ${answerCode(first) ?? 'none'}) but changed what ${describe(write.probe)} shows: ${first.text}`,
      );
    }
    const suggested = suggestedLimit(first);
    if (suggested === undefined) {
      return pass(
        first.isError
          ? `${label} answered an error and changed nothing`
          : `${label} ran and was answered as a success`,
      );
    }
    const retry = await invoke(context, write, suggested);
    const afterRetry = await probe();
    if (changed && afterRetry !== afterFirst) {
      return fail(
        `${label} ran, then calling again with the suggested sizelimit=${suggested} changed state again: the advised retry repeats the write`,
      );
    }
    if (retry.isError) {
      return fail(`${label} with the suggested sizelimit=${suggested} answered: ${retry.text}`);
    }
    return pass(
      changed
        ? `${label} ran once; the suggested sizelimit=${suggested} read its response without repeating it`
        : `${label} was gated before it ran; the suggested sizelimit=${suggested} ran it`,
    );
  },
};
