/**
 * Checks of how a gateway reports what went wrong upstream, provoked at a probe upstream: a
 * protocol error is classified with a §3.4 upstream code, and a tool whose schema breaks JSON
 * Schema answers SCHEMA_INVALID at execute time (§4.4).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, pass } from '../../../outcome.js';
import { PROBE_BAD_SCHEMA, PROBE_CRASH } from '../../../probe-upstream/probe-catalog.js';
import { hydratedStubs } from '../probe.js';
import { executeProbeTool, probeCheck } from '../probe-upstreams.js';
import { describeAnswer, errorCodeOf, modeOf } from '../surface.js';
import { UPSTREAM_CODES } from './errors.js';

/** A protocol error of the upstream answers one of the §3.4 upstream codes. */
export const upstreamTaxonomyCheck = probeCheck(
  'gw.3.4.upstream-taxonomy',
  async (context, namespace) => {
    const answer = await executeProbeTool(context, namespace, PROBE_CRASH, {
      text: 'xconf-upstream-error',
    });
    const code = errorCodeOf(answer);
    return code !== undefined && UPSTREAM_CODES.includes(code)
      ? pass(`a JSON-RPC error of ${PROBE_CRASH} answers ${code}`)
      : fail(
          `a JSON-RPC error of ${PROBE_CRASH} answered ${describeAnswer(answer)}, not one of ${UPSTREAM_CODES.join(', ')}`,
        );
  },
);

/** A tool whose upstream schema breaks JSON Schema answers SCHEMA_INVALID, not ARGS_INVALID. */
export const schemaInvalidCheck = probeCheck(
  'gw.4.4.schema-invalid',
  async (context, namespace) => {
    if ((await modeOf(context)) === 'proxy') {
      // A proxy may refuse to hydrate the tool already, and then there is no id to execute.
      const refused = (await hydratedStubs(context)).find((stub) => stub.schemaRefused);
      if (refused !== undefined) {
        return pass(`hydrating ${refused.listedName} answers SCHEMA_INVALID: no call can reach it`);
      }
    }
    const answer = await executeProbeTool(context, namespace, PROBE_BAD_SCHEMA, { value: 1 });
    const code = errorCodeOf(answer);
    return code === 'SCHEMA_INVALID'
      ? pass(
          `${PROBE_BAD_SCHEMA}, whose schema has a property of type "nothing", answers SCHEMA_INVALID`,
        )
      : fail(`${PROBE_BAD_SCHEMA} answered ${describeAnswer(answer)}, not SCHEMA_INVALID`);
  },
);

/** The checks of this module, in report order. */
export const probeFailureChecks: readonly Check[] = [upstreamTaxonomyCheck, schemaInvalidCheck];
