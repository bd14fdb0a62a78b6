/**
 * What a model pays to learn a CaSH aggregate: `tools/list`, then `help()`, `help(namespace)`
 * and `help(namespace, function)`, each counted in `cl100k_base` tokens.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { CashServer } from '@x/cash';
import { countJsonTokens, countTokens } from '@x/core/tokens';
import { z } from 'zod';
import { BenchError } from '../../errors.js';
import { createRandom, sample } from '../../random.js';
import { connectInMemory, listAllTools } from '../../servers/in-memory.js';

/** Token figures of one discovery layer over the calls measured. */
export interface LayerCost {
  /** How many calls were measured. */
  readonly calls: number;
  /** The mean tokens of an answer. */
  readonly mean: number;
  /** The largest answer. */
  readonly max: number;
}

/** What learning an aggregate costs, layer by layer. */
export interface DiscoveryCost {
  /** Tokens of the aggregate's `tools/list` tools array (compact JSON), as a client receives it. */
  readonly toolsList: number;
  /** How many tools the aggregate lists (3). */
  readonly listedTools: number;
  /** Tokens of `help()`. */
  readonly index: number;
  /** `help(namespace)` over every namespace. */
  readonly namespace: LayerCost;
  /** `help(namespace, function)` over every function, or a seeded sample of them. */
  readonly function: LayerCost;
  /** How many namespaces and functions the aggregate holds. */
  readonly namespaces: number;
  /** How many functions. */
  readonly functions: number;
}

const IndexSchema = z.looseObject({
  namespaces: z.array(z.looseObject({ name: z.string() })).default([]),
});
const NamespaceSchema = z.looseObject({
  namespaces: z.array(z.looseObject({ name: z.string() })).default([]),
  functions: z.array(z.looseObject({ name: z.string() })).default([]),
});

/** The tokens of a tool result as a model reads it: the text of each text item. */
export function resultTokens(result: CallToolResult): number {
  return result.content.reduce(
    (sum, item) => sum + (item.type === 'text' ? countTokens(item.text) : 0),
    0,
  );
}

/**
 * Lists the aggregate's tools through a real client, walks every namespace with
 * `help(..., kwargs: {format: "json"})` (as a program would; not counted), then counts the
 * markdown answers a model gets: `help()`, `help(namespace)` for every namespace and
 * `help(namespace, function)` for at most `functionSample` functions drawn with `seed`.
 *
 * @throws {@link BenchError} `SETUP` when a help call answers with an error.
 */
export async function measureDiscovery(
  cash: CashServer,
  options: { functionSample: number; seed: number },
): Promise<DiscoveryCost> {
  const client = await connectInMemory(cash.createMcpServer());
  const listed = await listAllTools(client).finally(() => client.close());
  const root = IndexSchema.parse(json(await help(cash, {}, true)));
  const namespaces: string[] = [];
  const functions: { namespace: string; name: string }[] = [];
  const pending = root.namespaces.map((entry) => entry.name);
  while (pending.length > 0) {
    const namespace = pending.shift() as string;
    namespaces.push(namespace);
    const content = NamespaceSchema.parse(json(await help(cash, { namespace }, true)));
    for (const child of content.namespaces) pending.push(`${namespace}.${child.name}`);
    for (const entry of content.functions) functions.push({ namespace, name: entry.name });
  }
  const namespaceTokens: number[] = [];
  for (const namespace of namespaces) {
    namespaceTokens.push(resultTokens(await help(cash, { namespace }, false)));
  }
  const functionTokens: number[] = [];
  for (const entry of sample(functions, options.functionSample, createRandom(options.seed))) {
    const args = { namespace: entry.namespace, function: entry.name };
    functionTokens.push(resultTokens(await help(cash, args, false)));
  }
  return {
    toolsList: countJsonTokens(listed),
    listedTools: listed.length,
    index: resultTokens(await help(cash, {}, false)),
    namespace: summarize(namespaceTokens),
    function: summarize(functionTokens),
    namespaces: namespaces.length,
    functions: functions.length,
  };
}

async function help(
  cash: CashServer,
  args: Record<string, unknown>,
  asJson: boolean,
): Promise<CallToolResult> {
  const result = await cash.callTool(
    'help',
    asJson ? { ...args, kwargs: { format: 'json' } } : args,
  );
  if (result.isError === true) {
    throw new BenchError({
      code: 'SETUP',
      message: `help(${JSON.stringify(args)}) failed: ${JSON.stringify(result.content).slice(0, 300)}`,
    });
  }
  return result;
}

function json(result: CallToolResult): unknown {
  const item = result.content.find((entry) => entry.type === 'text');
  return JSON.parse(item?.type === 'text' ? item.text : 'null');
}

function summarize(values: readonly number[]): LayerCost {
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    calls: values.length,
    mean: values.length === 0 ? 0 : total / values.length,
    max: values.length === 0 ? 0 : Math.max(...values),
  };
}
