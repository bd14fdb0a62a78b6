/**
 * The gateway's view of the conformance probe upstreams (`settings.gateway.probeUpstreams`):
 * the ids it gives their known tools, calls through `tool_execute`, and the record of what
 * reached each probe, read back through the probe's own `probe_requests` tool.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../check.js';
import { skip } from '../../outcome.js';
import { PROBE_ECHO, PROBE_REQUESTS } from '../../probe-upstream/probe-catalog.js';
import { findProbeRequests } from '../../probe-upstream/probe-log.js';
import type { ProbeRequest } from '../../probe-upstream/probe-recorder.js';
import { resolveToolId } from './probe.js';
import { gatewayProbeOf } from './settings.js';
import { callMetaTool, describeAnswer, META_TOOLS, type MetaToolAnswer } from './surface.js';

/** The probe namespaces the target names, if any. */
export function probeNamespaces(context: CheckContext): readonly string[] | undefined {
  return gatewayProbeOf(context)?.probeUpstreams;
}

/** A check that runs `judge` with the first probe namespace, or skips a target that names none. */
export function probeCheck(
  requirement: string,
  judge: (context: CheckContext, namespace: string) => Promise<CheckOutcome>,
): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const namespace = probeNamespaces(context)?.[0];
      return namespace === undefined
        ? skip('the target names no probe upstream (settings.gateway.probeUpstreams)')
        : judge(context, namespace);
    },
  };
}

/** The full id the gateway gives the probe tool `name` of namespace `namespace`. */
export function probeToolId(
  context: CheckContext,
  namespace: string,
  name: string,
): Promise<string> {
  return resolveToolId(context, `${namespace}:${name}`);
}

/** Runs probe tool `name` of `namespace` through `tool_execute` with `args`. */
export async function executeProbeTool(
  context: CheckContext,
  namespace: string,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<MetaToolAnswer> {
  const toolId = await probeToolId(context, namespace, name);
  return callMetaTool(context, META_TOOLS.execute, { tool_id: toolId, args });
}

/**
 * What reached the probe of `namespace` (its newest records); throws when the answer holds no
 * record, since then the namespace is no probe upstream.
 */
export async function probeRequests(
  context: CheckContext,
  namespace: string,
): Promise<readonly ProbeRequest[]> {
  const answer = await executeProbeTool(context, namespace, PROBE_REQUESTS, {});
  const requests = findProbeRequests([answer.payload, answer.text]);
  if (requests === undefined) {
    throw new Error(
      `${namespace}:${PROBE_REQUESTS} answered ${describeAnswer(answer)}, no probe record`,
    );
  }
  return requests;
}

/**
 * Calls the probe's echo with `marker`: once the probe has recorded it, every call sent before
 * it has reached the probe, if it was sent at all. Answers why the echo failed, else undefined.
 */
export async function barrier(
  context: CheckContext,
  namespace: string,
  marker: string,
): Promise<string | undefined> {
  const answer = await executeProbeTool(context, namespace, PROBE_ECHO, { text: marker });
  return answer.isError
    ? `the valid call ${PROBE_ECHO}("${marker}") answered ${describeAnswer(answer)}`
    : undefined;
}
