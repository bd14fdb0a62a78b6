/**
 * Checks of the listed surface: the gateway's three meta-tools (§4.2), the proxy's invocation
 * channel, stripped listing and hydration (§4.1, §4.3).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { hydratedStubs } from '../probe.js';
import { listTools, META_TOOLS, PRIMITIVE_TOOLS, requireMode } from '../surface.js';
import { countTokens } from '../tokens.js';

/** The card hard cap of §2.3, in tokens. */
const CARD_HARD_CAP_TOKENS = 80;

const GATEWAY_TOOLS = [META_TOOLS.browse, META_TOOLS.execute, META_TOOLS.view].sort();

/**
 * The §9.4 primitive meta-tools among `names`, one pair per kind whose two tools are both
 * listed (a lone half of a pair is not counted).
 */
function primitivePairsIn(names: readonly string[]): string[] {
  return Object.values(PRIMITIVE_TOOLS).flatMap((pair) =>
    names.includes(pair.browse) && names.includes(pair.read) ? [pair.browse, pair.read] : [],
  );
}

/**
 * True when `names` is a gateway's list: exactly `tool_browse`, `tool_execute` and `tool_view`,
 * plus any whole pair of §9.4 primitive meta-tools (`resource_browse` with `resource_read`,
 * `prompt_browse` with `prompt_get`), which §9.4 adds when resources or prompts are on.
 */
export function isGatewayToolList(names: readonly string[]): boolean {
  const primitives = new Set(primitivePairsIn(names));
  const rest = names.filter((name) => !primitives.has(name)).sort();
  return JSON.stringify(rest) === JSON.stringify(GATEWAY_TOOLS);
}

/** A gateway lists exactly `tool_browse`, `tool_execute` and `tool_view`, and primitive pairs. */
export const metaToolsCheck: Check = {
  requirement: 'gw.4.2.meta-tools',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const names = (await listTools(context)).map((tool) => tool.name).sort();
    if (!isGatewayToolList(names)) {
      return fail(
        `lists ${JSON.stringify(names)}, not exactly ${JSON.stringify(GATEWAY_TOOLS)} and whole §9.4 primitive pairs`,
      );
    }
    const primitives = primitivePairsIn(names);
    return pass(
      primitives.length === 0
        ? 'lists exactly tool_browse, tool_execute, tool_view'
        : `lists exactly tool_browse, tool_execute, tool_view and the §9.4 pairs ${primitives.join(', ')}`,
    );
  },
};

/** A proxy lists `tool_hydrate` and `tool_execute`. */
export const invocationChannelCheck: Check = {
  requirement: 'gw.4.1.invocation-channel',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'proxy');
    if (outcome !== undefined) return outcome;
    const names = new Set((await listTools(context)).map((tool) => tool.name));
    const missing = [META_TOOLS.hydrate, META_TOOLS.execute].filter((name) => !names.has(name));
    return missing.length > 0
      ? fail(`tools/list lacks ${missing.join(' and ')}`)
      : pass('lists tool_hydrate and tool_execute');
  },
};

/** The sentinel schema of a stripped entry: `{"type":"object"}` and nothing else. */
function isSentinel(schema: unknown): boolean {
  return isRecord(schema) && schema.type === 'object' && Object.keys(schema).length === 1;
}

/** Every listed upstream tool is `{name, description, inputSchema: {"type":"object"}}`. */
export const strippedListCheck: Check = {
  requirement: 'gw.4.1.stripped-list',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'proxy');
    if (outcome !== undefined) return outcome;
    const meta = new Set<string>(Object.values(META_TOOLS));
    const stubs = (await listTools(context)).filter((tool) => !meta.has(tool.name));
    if (stubs.length === 0) return fail('tools/list lists no upstream tool beside the meta-tools');
    const problems = stubs.flatMap((tool) => {
      const found: string[] = [];
      const extra = Object.keys(tool).filter(
        (key) => !['name', 'description', 'inputSchema'].includes(key),
      );
      if (extra.length > 0) found.push(`carries ${extra.join(', ')}`);
      if (!isSentinel(tool.inputSchema)) {
        found.push(`has inputSchema ${JSON.stringify(tool.inputSchema).slice(0, 80)}`);
      }
      if (typeof tool.description !== 'string' || tool.description.trim() === '') {
        found.push('has no description');
      }
      return found.map((problem) => `"${tool.name}" ${problem}`);
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${stubs.length} stripped entries with the sentinel schema`);
  },
};

/** Every stripped description is one line within the card hard cap. */
export const stubDescriptionCheck: Check = {
  requirement: 'gw.4.1.stub-description',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'proxy');
    if (outcome !== undefined) return outcome;
    const meta = new Set<string>(Object.values(META_TOOLS));
    const stubs = (await listTools(context)).filter((tool) => !meta.has(tool.name));
    const problems = stubs.flatMap((tool) => {
      const description = tool.description ?? '';
      const found: string[] = [];
      if (/[\r\n]/.test(description)) found.push('has a description of several lines');
      const tokens = countTokens(description);
      if (tokens > CARD_HARD_CAP_TOKENS) {
        found.push(`has a description of ${tokens} tokens, over ${CARD_HARD_CAP_TOKENS}`);
      }
      return found.map((problem) => `"${tool.name}" ${problem}`);
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${stubs.length} one-line descriptions within ${CARD_HARD_CAP_TOKENS} tokens`);
  },
};

/** `tool_hydrate` gives each listed tool its object input schema. */
export const hydrateCheck: Check = {
  requirement: 'gw.4.3.hydrate',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'proxy');
    if (outcome !== undefined) return outcome;
    const all = await hydratedStubs(context);
    const stubs = all.filter((stub) => !stub.schemaRefused);
    const refused = all.length - stubs.length;
    const problems = stubs.flatMap((stub) => {
      if (stub.answer.isError) {
        return [`"${stub.listedName}" hydrates to an error: ${stub.answer.text.slice(0, 80)}`];
      }
      if (!isRecord(stub.inputSchema) || stub.inputSchema.type !== 'object') {
        return [`"${stub.listedName}" hydrates without an object input_schema`];
      }
      return isSentinel(stub.inputSchema) && stub.answer.payload?.tool_id === undefined
        ? [`"${stub.listedName}" hydrates to the sentinel schema and no tool_id`]
        : [];
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `${stubs.length} tools hydrate to their input schemas${refused === 0 ? '' : `; ${refused} with a schema that fails meta-validation answer SCHEMA_INVALID`}`,
        );
  },
};

/** The checks of the listed surface, in catalog order. */
export const surfaceChecks: readonly Check[] = [
  metaToolsCheck,
  invocationChannelCheck,
  strippedListCheck,
  stubDescriptionCheck,
  hydrateCheck,
];
