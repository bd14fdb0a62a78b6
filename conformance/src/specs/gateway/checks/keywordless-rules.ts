/**
 * Checks of rules the gateway spec states without an RFC 2119 keyword, as fact: the legacy
 * `mcp:{name}` key is not a correlation key (§1.6), a query browse returns at most `top_k` cards
 * (§3.1), and a proxy's stripped tools cannot be called by their listed names (§4.1).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, notApplicable, pass, skip } from '../../../outcome.js';
import { errorOf, isRecord } from '../../../session/json-rpc.js';
import { browse, PROBE_QUERIES, PROBE_TOP_K } from '../cards.js';
import { hydratedStubs, invalidArgumentsCall, largeResultCall } from '../probe.js';
import {
  callMetaTool,
  describeAnswer,
  errorCodeOf,
  META_TOOLS,
  modeOf,
  requireMode,
} from '../surface.js';

/** A legacy key naming no tool: what refusing a legacy key looks like on this target. */
const UNKNOWN_LEGACY_ID = 'mcp:conformance_no_such_tool';

/** The upstream name inside a tool id: `fs:read_file@1#abcd1234` gives `read_file`. */
function upstreamName(toolId: string): string {
  return toolId.slice(toolId.indexOf(':') + 1).split(/[@#]/)[0] ?? '';
}

/**
 * `tool_execute` with `mcp:{name}` of a known tool answers like a legacy key of no tool: the
 * legacy form reaches nothing. The arguments break the tool's schema, so nothing runs even if
 * the key were taken.
 */
export const legacyIdRefusedCheck: Check = {
  requirement: 'gw.1.6.legacy-id-refused',
  definedIn: import.meta.url,
  async run(context) {
    if ((await modeOf(context)) === undefined)
      return notApplicable('the target serves neither the gateway nor the proxy');
    const known = await invalidArgumentsCall(context);
    if (known === undefined) {
      return skip('no known tool to name: the target configures no settings.gateway probe');
    }
    const legacy = `mcp:${upstreamName(known.toolId)}`;
    const [named, unknown] = [
      await callMetaTool(context, META_TOOLS.execute, { tool_id: legacy, args: known.args }),
      await callMetaTool(context, META_TOOLS.execute, {
        tool_id: UNKNOWN_LEGACY_ID,
        args: known.args,
      }),
    ];
    const code = errorCodeOf(named);
    if (code === undefined) return fail(`tool_execute ${legacy} answered ${describeAnswer(named)}`);
    return code === errorCodeOf(unknown)
      ? pass(`${legacy} answers ${code}, like a legacy key of no tool`)
      : fail(
          `${legacy} answered ${code} but ${UNKNOWN_LEGACY_ID} ${describeAnswer(unknown)}: the legacy key reached ${known.toolId}`,
        );
  },
};

/** The cards of a browse that are results: the §5.3 breakpoint marker (kind `internal`) is not. */
function resultCards(cards: readonly Readonly<Record<string, unknown>>[]) {
  return cards.filter((card) => card.kind !== 'internal');
}

/**
 * A query browse with `top_k: 1`, for a query that finds several cards, answers one result card
 * (a cache-stable gateway may add its internal breakpoint marker).
 */
export const topKCheck: Check = {
  requirement: 'gw.3.1.top-k',
  definedIn: import.meta.url,
  async run(context) {
    const mode = await requireMode(context, 'gateway');
    if (mode !== undefined) return mode;
    for (const query of PROBE_QUERIES) {
      const wide = resultCards((await browse(context, { query, top_k: PROBE_TOP_K })).cards);
      if (wide.length < 2) continue;
      const narrow = resultCards((await browse(context, { query, top_k: 1 })).cards);
      return narrow.length <= 1
        ? pass(`"${query}" finds ${wide.length} cards, and ${narrow.length} with top_k 1`)
        : fail(`"${query}" with top_k 1 answered ${narrow.length} cards`);
    }
    return skip(`no probe query finds two cards (${PROBE_QUERIES.join(', ')})`);
  },
};

/**
 * A proxy refuses `tools/call` of a stripped tool by its listed name. The probe's large call
 * (read-only by its registration) is sent, so a proxy that forwarded it would answer its result.
 */
export const stubNotCallableCheck: Check = {
  requirement: 'gw.4.1.stub-not-callable',
  definedIn: import.meta.url,
  async run(context) {
    const mode = await requireMode(context, 'proxy');
    if (mode !== undefined) return mode;
    const call = await largeResultCall(context);
    if (call === undefined) {
      return skip('no safe call to send: the target configures no settings.gateway probe');
    }
    const stub = (await hydratedStubs(context)).find((entry) => entry.toolId === call.toolId);
    if (stub === undefined) return fail(`no listed stub hydrates to ${call.toolId}`);
    const session = await context.session();
    const response = await session.request('tools/call', {
      name: stub.listedName,
      arguments: { ...call.args },
    });
    if (errorOf(response) !== undefined) {
      return pass(`tools/call of "${stub.listedName}" is refused with a JSON-RPC error`);
    }
    const result = isRecord(response.result) ? response.result : {};
    return result.isError === true
      ? pass(`tools/call of "${stub.listedName}" answers an error, not the tool's result`)
      : fail(
          `tools/call of the stripped "${stub.listedName}" ran the tool and answered its result`,
        );
  },
};

/** The checks of this file, in catalog order. */
export const keywordlessRuleChecks: readonly Check[] = [
  legacyIdRefusedCheck,
  topKCheck,
  stubNotCallableCheck,
];
