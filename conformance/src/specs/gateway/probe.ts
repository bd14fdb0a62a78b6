/**
 * The tools the execution checks call: the target's configured probe tool, or in proxy mode a
 * tool found by hydrating the listed stubs.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord } from '../../session/json-rpc.js';
import { browse } from './cards.js';
import { type GatewayProbe, gatewayProbeOf } from './settings.js';
import {
  callMetaTool,
  errorCodeOf,
  listTools,
  META_TOOLS,
  type MetaToolAnswer,
  modeOf,
} from './surface.js';
import { idMatchesPrefix } from './tool-id.js';

/** One listed proxy stub and what `tool_hydrate` said about it. */
export interface HydratedStub {
  /** The name `tools/list` gave. */
  readonly listedName: string;
  /** The answer of `tool_hydrate` with that name. */
  readonly answer: MetaToolAnswer;
  /** The canonical id the hydration names (`tool_id`), else the listed name. */
  readonly toolId: string;
  /** The hydrated input schema (`input_schema` or `inputSchema`), when there is one. */
  readonly inputSchema: unknown;
  /**
   * Hydration answered SCHEMA_INVALID: the upstream schema failed meta-validation (§4.4), so
   * there is no schema to return and no id to read; such a stub is not held to the others' rules.
   */
  readonly schemaRefused: boolean;
}

/** The most stubs the checks hydrate. */
const MAX_HYDRATED = 100;

/** Every proxy stub (up to 100) hydrated by its listed name, memoized per target. */
export function hydratedStubs(context: CheckContext): Promise<readonly HydratedStub[]> {
  return context.memo('gateway.hydrated', async () => {
    const meta = new Set<string>(Object.values(META_TOOLS));
    const stubs = (await listTools(context)).filter((tool) => !meta.has(tool.name));
    const hydrated: HydratedStub[] = [];
    for (const stub of stubs.slice(0, MAX_HYDRATED)) {
      const answer = await callMetaTool(context, META_TOOLS.hydrate, { tool_id: stub.name });
      const payload = answer.payload ?? {};
      hydrated.push({
        listedName: stub.name,
        answer,
        toolId: typeof payload.tool_id === 'string' ? payload.tool_id : stub.name,
        inputSchema: payload.input_schema ?? payload.inputSchema,
        schemaRefused: errorCodeOf(answer) === 'SCHEMA_INVALID',
      });
    }
    return hydrated;
  });
}

/** True when `schema` requires at least one property, so `{}` breaks it. */
export function requiresProperties(schema: unknown): boolean {
  return isRecord(schema) && Array.isArray(schema.required) && schema.required.length > 0;
}

/** A tool to call and arguments for it. */
export interface ProbeCall {
  /** The id to pass to `tool_execute`. */
  readonly toolId: string;
  /** The arguments. */
  readonly args: Readonly<Record<string, unknown>>;
}

/** The full id of the configured probe tool: found by browsing (gateway) or hydrating (proxy). */
async function resolveProbeTool(context: CheckContext, probe: GatewayProbe): Promise<string> {
  if ((await modeOf(context)) === 'proxy') {
    const found = (await hydratedStubs(context)).find((stub) =>
      idMatchesPrefix(stub.toolId, probe.tool),
    );
    if (found === undefined) throw new Error(`no listed tool hydrates to ${probe.tool}`);
    return found.toolId;
  }
  const separator = probe.tool.indexOf(':');
  const namespace = probe.tool.slice(0, Math.max(separator, 0));
  const name = probe.tool.slice(separator + 1).split(/[@#]/)[0] ?? '';
  const candidates = [
    { query: name.replaceAll(/[_.-]+/g, ' '), top_k: 50 },
    ...(namespace === '' ? [] : [{ path: `/${namespace}` }]),
  ];
  for (const args of candidates) {
    const { cards } = await browse(context, args);
    const card = cards.find(
      (entry) => typeof entry.id === 'string' && idMatchesPrefix(entry.id, probe.tool),
    );
    if (typeof card?.id === 'string') return card.id;
  }
  throw new Error(`browsing found no card for the probe tool ${probe.tool}`);
}

/** The full id of a tool given as a full id or `namespace:name`, found once per target. */
export function resolveToolId(context: CheckContext, tool: string): Promise<string> {
  return context.memo(`gateway.tool-id:${tool}`, () =>
    resolveProbeTool(context, { tool, largeArgs: {}, invalidArgs: {} }),
  );
}

/** The configured large-result call, or `undefined` when the target configures none. */
export async function largeResultCall(context: CheckContext): Promise<ProbeCall | undefined> {
  const probe = gatewayProbeOf(context);
  if (probe === undefined) return undefined;
  const toolId = await context.memo('gateway.probe-tool', () => resolveProbeTool(context, probe));
  return { toolId, args: probe.largeArgs };
}

/**
 * A call whose arguments break the tool's schema: the configured one, else (proxy mode) `{}`
 * for a hydrated tool that requires properties; `undefined` when neither exists.
 */
export async function invalidArgumentsCall(context: CheckContext): Promise<ProbeCall | undefined> {
  const probe = gatewayProbeOf(context);
  if (probe !== undefined) {
    const toolId = await context.memo('gateway.probe-tool', () => resolveProbeTool(context, probe));
    return { toolId, args: probe.invalidArgs };
  }
  if ((await modeOf(context)) !== 'proxy') return undefined;
  const stub = (await hydratedStubs(context)).find((entry) =>
    requiresProperties(entry.inputSchema),
  );
  return stub === undefined ? undefined : { toolId: stub.toolId, args: {} };
}
