/**
 * `x-pd measure`: how many tokens stage 1 saves over the full `tools/list` of a configuration.
 *
 * @module
 */

import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { countJsonTokens } from '@x/core/tokens';
import type { McpServersConfig } from '@x/core/upstreams';
import { createDisclosureProxy, type DisclosureProxyOptions } from '@x/progressive-disclosure';

/** What {@link measureDisclosure} found. */
export interface Measurement {
  /** How many tools the configuration offers. */
  tools: number;
  /** `cl100k_base` tokens of the JSON of the full tools array. */
  fullTokens: number;
  /** `cl100k_base` tokens of the JSON of the stage-1 tools array (what `tools/list` returns). */
  stageOneTokens: number;
  /** `100 * (1 - stageOneTokens / fullTokens)`, rounded to one decimal. */
  reductionPercent: number;
}

/**
 * Lists the tools of `config` in full and through a progressive-disclosure proxy (a real client
 * over an in-memory transport) and counts the tokens of each array's compact JSON.
 *
 * @throws CoreError of the first upstream that does not start: a measurement without some of
 *   the servers would be a wrong figure, not a smaller one.
 */
export async function measureDisclosure(
  config: McpServersConfig,
  options: DisclosureProxyOptions,
): Promise<Measurement> {
  const proxy = createDisclosureProxy(config, { ...options, instructions: false });
  const client = new Client({ name: 'x-pd-measure', version: '0.1.0' });
  try {
    const failed = [...(await proxy.pool.connectAll())].find(([, error]) => error !== undefined);
    if (failed?.[1] !== undefined) throw failed[1];
    const full = await proxy.listTools();
    const server = await proxy.factory({
      sessionId: undefined,
      role: undefined,
      transport: 'stdio',
      era: 'legacy',
      scope: 'measure',
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    const { tools } = await client.listTools();
    const fullTokens = countJsonTokens(full);
    const stageOneTokens = countJsonTokens(tools);
    return {
      tools: tools.length,
      fullTokens,
      stageOneTokens,
      reductionPercent:
        fullTokens === 0 ? 0 : Math.round(1000 * (1 - stageOneTokens / fullTokens)) / 10,
    };
  } finally {
    await client.close();
    await proxy.close();
  }
}
