/**
 * The servers the disclosure benchmark reads: each tool set served in full and through
 * `@x/progressive-disclosure`.
 *
 * @module
 */

import type { Client, Tool } from '@modelcontextprotocol/client';
import { type Catalog, createCatalogServer } from '@x/core/catalog-server';
import {
  createDisclosureProxy,
  createProgressiveDisclosure,
  type ProgressiveDisclosureOptions,
} from '@x/progressive-disclosure';
import { BenchError } from '../../errors.js';
import { connectInMemory, listAllTools } from '../../servers/in-memory.js';
import { prepareOfficialServers } from '../../servers/official-servers.js';

/** A tool set in full and behind progressive disclosure. */
export interface DisclosedServer {
  /** The short name in results. */
  readonly name: string;
  /** What it is, for tables. */
  readonly title: string;
  /** Where the tools come from and how they are served. */
  readonly source: string;
  /** The full `tools/list`: what a client loads without progressive disclosure. */
  readonly full: readonly Tool[];
  /** A client of one session of the progressive-disclosure server. */
  readonly client: Client;
  /** Closes the client, the upstreams and any temporary files. */
  close(): Promise<void>;
}

/** No rate limit: the benchmark reads many descriptions in one session on purpose. */
const LAYER_OPTIONS = { rateLimit: false } as const;

/**
 * The official everything, filesystem and memory servers behind `createDisclosureProxy` (as
 * `x-pd wrap` runs them), tools named `<server>__<tool>`; the full list is the proxy's own
 * stage-2 source, so both stages name the same tools.
 *
 * @throws {@link BenchError} `SETUP` when a server does not start.
 */
export async function discloseOfficialServers(repositoryRoot: string): Promise<DisclosedServer> {
  const official = await prepareOfficialServers(repositoryRoot);
  const proxy = createDisclosureProxy(official.config, {
    ...LAYER_OPTIONS,
    instructions: false,
    upstream: { stderr: 'ignore' },
  });
  const close = async (): Promise<void> => {
    await proxy.close();
    await official.close();
  };
  try {
    const failures = [...(await proxy.pool.connectAll())].filter(
      ([, error]) => error !== undefined,
    );
    if (failures.length > 0) {
      throw new BenchError({
        code: 'SETUP',
        message: `official servers did not start: ${failures.map(([name, error]) => `${name} (${error?.message})`).join(', ')}`,
      });
    }
    const full = await proxy.listTools();
    const server = await proxy.factory({
      sessionId: undefined,
      role: undefined,
      transport: 'stdio',
      era: 'legacy',
      scope: 'measure',
    });
    const client = await connectInMemory(server);
    return {
      name: 'official',
      title: 'official servers',
      source: 'everything, filesystem, memory (stdio) through createDisclosureProxy',
      full,
      client,
      close: async () => {
        await client.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A catalog served by `@x/core/catalog-server` in process with `prefixServer`: listed as it is
 * for the full list, and wrapped with `createProgressiveDisclosure().wrap` for the stages, with
 * the library's defaults unless `stageOne` sets the schema style or the summary bound.
 */
export async function discloseCatalog(
  catalog: Catalog,
  identity: Pick<DisclosedServer, 'name' | 'title' | 'source'>,
  stageOne: Pick<ProgressiveDisclosureOptions, 'schemaStyle' | 'maxSummaryTokens'> = {},
): Promise<DisclosedServer> {
  const options = { prefixServer: true };
  const rawClient = await connectInMemory(createCatalogServer(catalog, options));
  const full = await listAllTools(rawClient).finally(() => rawClient.close());
  const layer = createProgressiveDisclosure({ ...LAYER_OPTIONS, ...stageOne });
  const client = await connectInMemory(layer.wrap(createCatalogServer(catalog, options)));
  return { ...identity, full, client, close: () => client.close() };
}
