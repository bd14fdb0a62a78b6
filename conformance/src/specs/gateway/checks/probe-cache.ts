/**
 * The result cache seen at a conformance probe upstream (gateway-surface §4.5): error results
 * are never cached, so two identical failing calls both reach the upstream.
 *
 * @module
 */

import { fail, pass, skip } from '../../../outcome.js';
import { PROBE_CARD_SHORT, PROBE_FAIL } from '../../../probe-upstream/probe-catalog.js';
import { requestsWith } from '../../../probe-upstream/probe-log.js';
import { barrier, executeProbeTool, probeCheck, probeRequests } from '../probe-upstreams.js';

/** The arguments of the witness lookup: its second call shows whether the cache is on. */
const WITNESS = { key: 'xconf-cache-witness' };
/** The marker of the two failing calls. */
const FAILING_MARKER = 'xconf-error-not-cached';

/**
 * Two identical calls of `probe_fail` (read-only, like the witness `probe_brief`, so cacheable
 * by the same rule) both reach the upstream, when two identical calls of the witness reach it
 * once, which shows the cache keeps the probe's read-only tools.
 */
export const errorsNotCachedCheck = probeCheck(
  'gw.4.5.errors-not-cached',
  async (context, namespace) => {
    for (let call = 0; call < 2; call++) {
      await executeProbeTool(context, namespace, PROBE_CARD_SHORT, WITNESS);
    }
    for (let call = 0; call < 2; call++) {
      await executeProbeTool(context, namespace, PROBE_FAIL, { text: FAILING_MARKER });
    }
    const problem = await barrier(context, namespace, 'xconf-barrier-cache');
    if (problem !== undefined) return fail(problem);
    const requests = await probeRequests(context, namespace);
    const witnessed = requestsWith(requests, PROBE_CARD_SHORT, WITNESS.key).length;
    const dispatched = requestsWith(requests, PROBE_FAIL, FAILING_MARKER).length;
    if (witnessed !== 1) {
      return skip(
        `two identical calls of the read-only ${PROBE_CARD_SHORT} reached the upstream ${witnessed} time(s): the result cache is off or does not keep the probe's tools (settings.gatewayControls.cache, an allow list), so whether it keeps errors cannot be seen`,
      );
    }
    return dispatched >= 2
      ? pass(
          `the cache served the second ${PROBE_CARD_SHORT} call, and both identical calls of the failing ${PROBE_FAIL} reached the upstream`,
        )
      : fail(
          `two identical calls of the read-only ${PROBE_FAIL}, which answers a tool error, reached the upstream ${dispatched} time(s): the error result was served from the cache`,
        );
  },
);
