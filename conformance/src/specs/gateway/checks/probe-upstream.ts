/**
 * Checks that read what reached a conformance probe upstream, or that compare what the gateway
 * made of its known tools with the tools themselves: validation before dispatch (§4.4), a
 * tool-level error dispatched once (§4.5), `hash8` recomputed (§1.3), no field dropped from a
 * long card (§2.3) and the description cut as §2.4 says.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import {
  PROBE_BAD_SCHEMA,
  PROBE_CARD_LONG,
  PROBE_CARD_SHORT,
  PROBE_ECHO,
  PROBE_FAIL,
  PROBE_LONG_DESCRIPTION,
  PROBE_TOOLS,
} from '../../../probe-upstream/probe-catalog.js';
import { requestsWith } from '../../../probe-upstream/probe-log.js';
import { browse } from '../cards.js';
import { expectedHash8 } from '../hash8.js';
import { hydratedStubs } from '../probe.js';
import {
  barrier,
  executeProbeTool,
  probeCheck,
  probeRequests,
  probeToolId,
} from '../probe-upstreams.js';
import { describeAnswer, listTools, modeOf } from '../surface.js';
import { parseToolId } from '../tool-id.js';

/** Invalid arguments are refused before dispatch: the probe never records them. */
export const notReachingUpstreamCheck = probeCheck(
  'gw.4.4.not-reaching-upstream',
  async (context, namespace) => {
    const invalid = { text: 440_404 };
    const answer = await executeProbeTool(context, namespace, PROBE_ECHO, invalid);
    const problem = await barrier(context, namespace, 'xconf-barrier-4-4');
    if (problem !== undefined) return fail(problem);
    const requests = await probeRequests(context, namespace);
    if (requestsWith(requests, PROBE_ECHO, 'xconf-barrier-4-4').length === 0) {
      return fail(
        `the probe upstream ${namespace} did not record the valid call sent after the invalid one`,
      );
    }
    const reached = requestsWith(requests, PROBE_ECHO, '440404');
    return reached.length > 0
      ? fail(
          `${PROBE_ECHO} with ${JSON.stringify(invalid)} reached the upstream (answered ${describeAnswer(answer)})`,
        )
      : pass(
          `${PROBE_ECHO} with ${JSON.stringify(invalid)} answered ${describeAnswer(answer)} and never reached the upstream`,
        );
  },
);

/** A tool-level error result is dispatched once, never retried. */
export const toolErrorOnceCheck = probeCheck('gw.4.5.retry', async (context, namespace) => {
  const marker = 'xconf-tool-error-once';
  // How the gateway passes the tool error on is its own affair (§3.4 leaves it open); only the
  // dispatches are counted.
  const answer = await executeProbeTool(context, namespace, PROBE_FAIL, { text: marker });
  const problem = await barrier(context, namespace, 'xconf-barrier-4-5');
  if (problem !== undefined) return fail(problem);
  const dispatched = requestsWith(
    await probeRequests(context, namespace),
    PROBE_FAIL,
    marker,
  ).length;
  return dispatched === 1
    ? pass(
        `the tool error of ${PROBE_FAIL} was dispatched once (answered ${describeAnswer(answer)})`,
      )
    : fail(`the tool error of ${PROBE_FAIL} was dispatched ${dispatched} times, not once`);
});

/** Every probe tool's id carries the §1.3 hash8 of its upstream name and schema shape. */
export const hash8Check = probeCheck('gw.1.3.hash8', async (context, namespace) => {
  const problems: string[] = [];
  // The tool with a broken schema may have no id a client can read (its hydration is refused).
  for (const tool of PROBE_TOOLS.filter((entry) => entry.name !== PROBE_BAD_SCHEMA)) {
    const toolId = await probeToolId(context, namespace, tool.name);
    const parts = parseToolId(toolId);
    const expected = expectedHash8(tool.name, {
      properties: Object.keys(tool.inputSchema.properties),
      required: tool.inputSchema.required,
    });
    if (parts?.hash8 !== expected) {
      problems.push(`${toolId} should end in #${expected}`);
    }
  }
  return problems.length > 0
    ? fail(listProblems(problems))
    : pass(`the ${PROBE_TOOLS.length - 1} probe tool ids carry the hash8 of §1.3`);
});

/** The card (gateway) or stub (proxy) description the target gives a probe tool. */
async function listedEntry(
  context: CheckContext,
  namespace: string,
  name: string,
): Promise<Readonly<Record<string, unknown>> | undefined> {
  const toolId = await probeToolId(context, namespace, name);
  if ((await modeOf(context)) === 'proxy') {
    const stub = (await hydratedStubs(context)).find((entry) => entry.toolId === toolId);
    const listed = (await listTools(context)).find((tool) => tool.name === stub?.listedName);
    return listed === undefined ? undefined : { description: listed.description };
  }
  const { cards } = await browse(context, { path: `/${namespace}` });
  const found = cards.find((card) => card.id === toolId);
  if (found !== undefined) return found;
  const queried = await browse(context, { query: 'look up a probe record by its key', top_k: 20 });
  return queried.cards.find((card) => card.id === toolId);
}

/** The fields whose values a card takes from the tool itself, which may differ between twins. */
const OWN_FIELDS = new Set(['id', 'name', 'description', 'score']);

/** The long card carries every field of its short twin, with the same values but its own. */
export const noSilentDropCheck = probeCheck('gw.2.3.no-silent-drop', async (context, namespace) => {
  if ((await modeOf(context)) !== 'gateway')
    return notApplicable('applies to the cards of gateway mode');
  const short = await listedEntry(context, namespace, PROBE_CARD_SHORT);
  const long = await listedEntry(context, namespace, PROBE_CARD_LONG);
  if (short === undefined || long === undefined) {
    return fail(
      `browsing /${namespace} shows no card for ${short === undefined ? PROBE_CARD_SHORT : PROBE_CARD_LONG}`,
    );
  }
  const problems: string[] = [];
  for (const [key, value] of Object.entries(short)) {
    if (key === 'score') continue;
    if (!(key in long)) problems.push(`the long card lacks "${key}"`);
    else if (!OWN_FIELDS.has(key) && JSON.stringify(long[key]) !== JSON.stringify(value)) {
      problems.push(
        `the long card has ${key} ${JSON.stringify(long[key])}, its twin ${JSON.stringify(value)}`,
      );
    }
  }
  return problems.length > 0
    ? fail(listProblems(problems))
    : pass(
        `the card of ${PROBE_CARD_LONG} keeps every field of ${PROBE_CARD_SHORT}; only its description is cut`,
      );
});

/** What is wrong with `cut` as a §2.4 truncation of `original`, or `undefined`. */
export function truncationProblem(original: string, cut: string): string | undefined {
  if (cut === original) return undefined;
  if (cut.endsWith('\u2026')) {
    const body = cut.slice(0, -1);
    return body !== '' && original.startsWith(body)
      ? undefined
      : `${JSON.stringify(cut)} is not a prefix of the description followed by "\u2026"`;
  }
  if (!/[.!?]$/.test(cut))
    return `${JSON.stringify(cut)} ends neither at a sentence terminator nor with "\u2026"`;
  return original.startsWith(cut)
    ? undefined
    : `${JSON.stringify(cut)} is not a prefix of the description`;
}

/** The long description comes back verbatim, cut at a sentence end, or hard-cut with "…". */
export const truncationCheck = probeCheck('gw.2.4.truncation', async (context, namespace) => {
  const entry = await listedEntry(context, namespace, PROBE_CARD_LONG);
  const description = entry?.description;
  if (typeof description !== 'string') {
    return fail(`no description listed for ${namespace}:${PROBE_CARD_LONG}`);
  }
  const problem = truncationProblem(PROBE_LONG_DESCRIPTION, description);
  return problem === undefined
    ? pass(
        `the description of ${PROBE_CARD_LONG} is cut to ${description.length} of ${PROBE_LONG_DESCRIPTION.length} characters as §2.4 says`,
      )
    : fail(problem);
});

/** The checks of this module, in report order. */
export const probeUpstreamChecks: readonly Check[] = [
  hash8Check,
  noSilentDropCheck,
  truncationCheck,
  notReachingUpstreamCheck,
  toolErrorOnceCheck,
];
