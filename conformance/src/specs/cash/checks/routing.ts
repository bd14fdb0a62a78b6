/**
 * The routing check of an aggregator (cash-rfc §5.4) observed at the upstreams: each probe
 * upstream (settings.cash.probeUpstreams) records the calls it receives, so a call into a
 * namespace must reach that namespace's upstream, with its function and kwargs, and no other.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { PROBE_ECHO, PROBE_REQUESTS } from '../../../probe-upstream/probe-catalog.js';
import { findProbeRequests, requestsWith } from '../../../probe-upstream/probe-log.js';
import type { ProbeRequest } from '../../../probe-upstream/probe-recorder.js';
import { cashSettings } from '../settings.js';
import { callArguments, callCashTool, describeInvocation } from '../tool-answer.js';

/** The kwargs value a routed call carries for `label`, quoted as its recorded JSON shows it. */
function markerOf(label: string): string {
  return JSON.stringify(`xconf-route-${label}`);
}

/** Calls into each probe namespace reach that namespace's upstream, and only that one. */
export const routesObservedCheck: Check = {
  requirement: 'cash.5.4.routes-observed',
  definedIn: import.meta.url,
  async run(context) {
    const { probeUpstreams } = cashSettings(context);
    if (probeUpstreams === undefined) {
      return skip(
        'the target names no probe upstream (settings.cash.probeUpstreams, --cash-probe-upstreams)',
      );
    }
    const problems: string[] = [];
    for (const label of probeUpstreams) {
      const args = callArguments(label, PROBE_ECHO, {
        text: JSON.parse(markerOf(label)) as string,
      });
      const answer = await callCashTool(context, 'call', args);
      if (answer.isError)
        problems.push(`${describeInvocation('call', args)} answered: ${answer.text}`);
    }
    const records = new Map<string, readonly ProbeRequest[]>();
    for (const label of probeUpstreams) {
      const args = callArguments(label, PROBE_REQUESTS, {});
      const answer = await callCashTool(context, 'call', args);
      const requests = findProbeRequests([answer.text, answer.structured]);
      if (requests === undefined) {
        problems.push(
          `${describeInvocation('call', args)} answered no probe record: ${answer.text.slice(0, 120)}`,
        );
      } else records.set(label, requests);
    }
    for (const [label, requests] of records) {
      for (const sender of probeUpstreams) {
        const reached = requestsWith(requests, PROBE_ECHO, markerOf(sender)).length;
        if (sender === label && reached !== 1) {
          problems.push(
            `call(namespace="${sender}") reached its upstream ${reached} times, not once`,
          );
        }
        if (sender !== label && reached > 0) {
          problems.push(`call(namespace="${sender}") reached the upstream of "${label}"`);
        }
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `calls into ${probeUpstreams.join(', ')} reach their own upstream, function and kwargs intact`,
        );
  },
};
