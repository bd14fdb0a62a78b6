/**
 * What most checks need first (the resource, the listed tools, their full descriptions), each
 * read once per target, or the skip to report when it cannot be had.
 *
 * A check skips rather than fails when a prerequisite is missing: the requirement that owns the
 * prerequisite reports the failure, once.
 *
 * @module
 */

import type { CheckContext, CheckOutcome } from '../../check.js';
import { notApplicable, skip } from '../../outcome.js';
import { isRecord } from '../../session/json-rpc.js';
import { listTools } from '../mcp-base/tool-listing.js';
import { describeAnswer, descriptionsUri, type JsonObject, objectOf, readShared } from './reads.js';
import { type DescriptionsResource, findDescriptionsResource } from './resource.js';

/** A prerequisite: its value, or the outcome to report instead. */
export type Need<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly outcome: CheckOutcome };

/** A listed tool with a string name. */
export type ListedTool = JsonObject & { readonly name: string };

/** The listed tools and the full description each one got. */
export interface FullDescriptions {
  /** The tools of `tools/list`, in listed order. */
  readonly tools: readonly ListedTool[];
  /** What the reads returned for each listed name (absent when the answer had no such key). */
  readonly entries: ReadonlyMap<string, unknown>;
}

/** How many names one read asks for when reading every tool. */
const NAMES_PER_READ = 20;

function missing<T>(outcome: CheckOutcome): Need<T> {
  return { ok: false, outcome };
}

/** The resource, or a skip when the server has none. */
export async function needResource(context: CheckContext): Promise<Need<DescriptionsResource>> {
  const resource = await findDescriptionsResource(context);
  return resource === undefined
    ? missing(skip('the server lists no tool_descriptions resource or template'))
    : { ok: true, value: resource };
}

/** The listed tools (at least `minimum` of them), or a skip. */
export async function needTools(
  context: CheckContext,
  minimum = 1,
): Promise<Need<readonly ListedTool[]>> {
  const { declared, walk } = await listTools(context);
  if (!declared) return missing(notApplicable('the server does not declare tools'));
  if (walk.failure !== undefined) {
    return missing(skip(`tools/list cannot be read: ${walk.failure.message}`));
  }
  const tools = walk.items.filter(
    (tool): tool is ListedTool => isRecord(tool) && typeof tool.name === 'string',
  );
  return tools.length < minimum
    ? missing(skip(`the server lists ${tools.length} tool(s), the check needs ${minimum}`))
    : { ok: true, value: tools };
}

/**
 * The full description of every listed tool, read in groups on the shared session, or a skip
 * when a read does not return a JSON object (`pd.4.3.tools-parameter` and `pd.4.4.no-preamble`
 * report that).
 */
export async function needFullDescriptions(context: CheckContext): Promise<Need<FullDescriptions>> {
  const resource = await needResource(context);
  if (!resource.ok) return resource;
  const tools = await needTools(context);
  if (!tools.ok) return tools;
  const entries = new Map<string, unknown>();
  const names = tools.value.map((tool) => tool.name);
  for (let start = 0; start < names.length; start += NAMES_PER_READ) {
    const group = names.slice(start, start + NAMES_PER_READ);
    const answer = await readShared(context, descriptionsUri(resource.value.baseUri, group));
    const body = objectOf(answer);
    if (body === undefined) {
      return missing(skip(`${describeAnswer(answer)} (see pd.4.3.tools-parameter)`));
    }
    for (const name of group) if (Object.hasOwn(body, name)) entries.set(name, body[name]);
  }
  return { ok: true, value: { tools: tools.value, entries } };
}

/** The input of a tool's first example, when its full description has one. */
export function firstExampleInput(entry: unknown): Readonly<Record<string, unknown>> | undefined {
  if (!isRecord(entry) || !Array.isArray(entry.examples)) return undefined;
  const [first] = entry.examples;
  return isRecord(first) && isRecord(first.input) ? first.input : undefined;
}
