/**
 * Token costs of progressive disclosure: stage 1 against the full `tools/list`, and what using
 * k tools costs (stage 1 + one read of their descriptions).
 *
 * @module
 */

import type { Client, Tool } from '@modelcontextprotocol/client';
import { countJsonTokens, countTokens } from '@x/core/tokens';
import { formatToolDescriptionsUri } from '@x/progressive-disclosure';
import { BenchError } from '../../errors.js';
import { mean } from '../../metrics/retrieval.js';
import { createRandom, sample } from '../../random.js';
import { listAllTools } from '../../servers/in-memory.js';
import type { DisclosedServer } from './servers.js';

/** What reading the descriptions of k tools cost, over the draws made. */
export interface ReadCost {
  /** How many tools each read names. */
  readonly k: number;
  /** How many reads (draws of k distinct tools). */
  readonly reads: number;
  /** Mean tokens of a read's text (the JSON of the k full descriptions). */
  readonly mean: number;
  /** The smallest read. */
  readonly min: number;
  /** The largest read. */
  readonly max: number;
  /** Mean tokens of the same k tools' entries in the full `tools/list`, for comparison. */
  readonly fullEntriesMean: number;
}

/** The token figures of one server. */
export interface DisclosureCost {
  /** How many tools. */
  readonly tools: number;
  /** Tokens of the full `tools/list` tools array (compact JSON). */
  readonly full: number;
  /** Tokens of the stage-1 `tools/list` tools array (compact JSON). */
  readonly stageOne: number;
  /** One entry per k. */
  readonly reads: readonly ReadCost[];
}

/**
 * Lists stage 1 through the client, then for each k reads `resource:///tool_descriptions?tools=`
 * for `draws` sets of k distinct tools drawn with `seed` (every tool once for k = 1 when
 * `draws` is at least the number of tools), counting the tokens of each read's text.
 *
 * @throws {@link BenchError} `SETUP` when a read does not describe exactly the tools named.
 */
export async function measureDisclosure(
  server: DisclosedServer,
  options: { ks: readonly number[]; draws: number; seed: number },
): Promise<DisclosureCost> {
  const stageOne = await listAllTools(server.client);
  const fullByName = new Map(server.full.map((tool) => [tool.name, tool]));
  const names = stageOne.map((tool) => tool.name);
  const random = createRandom(options.seed);
  const reads: ReadCost[] = [];
  for (const k of options.ks) {
    const draws =
      k === 1 && options.draws >= names.length
        ? names.map((name) => [name])
        : Array.from({ length: options.draws }, () => sample(names, k, random));
    const tokens: number[] = [];
    const fullEntries: number[] = [];
    for (const chosen of draws) {
      tokens.push(countTokens(await readDescriptions(server.client, chosen)));
      fullEntries.push(countJsonTokens(chosen.map((name) => fullByName.get(name)).filter(isTool)));
    }
    reads.push({
      k,
      reads: tokens.length,
      mean: mean(tokens),
      min: Math.min(...tokens),
      max: Math.max(...tokens),
      fullEntriesMean: mean(fullEntries),
    });
  }
  return {
    tools: stageOne.length,
    full: countJsonTokens(server.full),
    stageOne: countJsonTokens(stageOne),
    reads,
  };
}

/** Reads the descriptions of `names` and checks each one came back as a description. */
async function readDescriptions(client: Client, names: readonly string[]): Promise<string> {
  const result = await client.readResource({ uri: formatToolDescriptionsUri(names) });
  const text = result.contents
    .map((content) => ('text' in content && typeof content.text === 'string' ? content.text : ''))
    .join('');
  const parsed = JSON.parse(text) as Record<string, { error?: unknown } | undefined>;
  const described = Object.keys(parsed);
  if (
    described.length !== names.length ||
    names.some((name) => parsed[name] === undefined || parsed[name]?.error !== undefined)
  ) {
    throw new BenchError({
      code: 'SETUP',
      message: `reading the descriptions of ${names.join(', ')} gave ${text.slice(0, 300)}`,
    });
  }
  return text;
}

function isTool(tool: Tool | undefined): tool is Tool {
  return tool !== undefined;
}
