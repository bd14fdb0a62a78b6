/**
 * What the tokens benchmark compares: the same tools listed raw by their upstreams, and behind
 * one CaSH aggregate (`@x/cash`).
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import {
  type Aggregation,
  aggregateMcpServers,
  type CashServer,
  createCashServer,
  createUpstreamMount,
  normalizeLabel,
  toLabel,
} from '@x/cash';
import { type Catalog, createCatalogServer } from '@x/core/catalog-server';
import { createUpstreamPool } from '@x/core/upstreams';
import { groupByServer } from '../../datasets/served-catalog.js';
import { BenchError } from '../../errors.js';
import { clientUpstream, connectInMemory, listAllTools } from '../../servers/in-memory.js';
import { prepareOfficialServers } from '../../servers/official-servers.js';

/** How long the aggregate waits for upstreams to start. */
const STARTUP_TIMEOUT_MS = 30_000;

/** A set of tools, listed raw and served by a CaSH aggregate. */
export interface Deployment {
  /** The short name in results (`official`, `livemcpbench`, `synthetic-1000`). */
  readonly name: string;
  /** What it is, for tables. */
  readonly title: string;
  /** Where the tools come from. */
  readonly source: string;
  /** How many upstream servers the tools belong to (namespaces of the aggregate). */
  readonly upstreams: number;
  /** Every upstream's `tools/list`, concatenated: what a client loads without CaSH. */
  readonly rawTools: readonly Tool[];
  /** The aggregate: every upstream mounted under its label. */
  readonly cash: CashServer;
  /** Closes the aggregate, its upstreams and any temporary files. */
  close(): Promise<void>;
}

/**
 * The official everything, filesystem and memory servers, spawned twice: once listed raw
 * through `@x/core/upstreams`, once behind `aggregateMcpServers` as `x-cash aggregate` runs them.
 *
 * @throws {@link BenchError} `SETUP` when a server does not start.
 */
export async function deployOfficialServers(repositoryRoot: string): Promise<Deployment> {
  const official = await prepareOfficialServers(repositoryRoot);
  const upstream = { stderr: 'ignore' as const };
  const rawTools: Tool[] = [];
  const pool = createUpstreamPool(official.config, upstream);
  try {
    for (const server of pool.upstreams.values()) rawTools.push(...(await server.listTools()));
  } catch (error) {
    await pool.close();
    await official.close();
    throw new BenchError({
      code: 'SETUP',
      message: `an official server did not list its tools: ${String(error)}`,
      cause: error,
    });
  }
  await pool.close();
  const cash = createCashServer({ name: 'x-bench-aggregate' });
  let aggregation: Aggregation;
  try {
    aggregation = await aggregateMcpServers(cash, official.config, {
      upstream,
      startupTimeoutMs: STARTUP_TIMEOUT_MS,
    });
  } catch (error) {
    await cash.close();
    await official.close();
    throw error;
  }
  const close = async (): Promise<void> => {
    await aggregation.close();
    await cash.close();
    await official.close();
  };
  const down = aggregation.upstreams().filter((entry) => !entry.available);
  if (down.length > 0) {
    await close();
    throw new BenchError({
      code: 'SETUP',
      message: `the aggregate could not reach ${down.map((entry) => entry.server).join(', ')}`,
    });
  }
  return {
    name: 'official',
    title: 'official servers',
    source: 'everything, filesystem, memory (stdio)',
    upstreams: aggregation.upstreams().length,
    rawTools,
    cash,
    close,
  };
}

/**
 * A tool catalog served by `@x/core/catalog-server` in process. Raw: one catalog server with
 * `prefixServer` (names `<server>__<tool>`, as a client of many servers tells them apart),
 * listed page by page. CaSH: one catalog server per catalog server name, each mounted with
 * `createUpstreamMount` under its name made into a label, as static aggregation mounts upstreams.
 */
export async function deployCatalog(
  catalog: Catalog,
  identity: Pick<Deployment, 'name' | 'title' | 'source'>,
): Promise<Deployment> {
  const rawClient = await connectInMemory(createCatalogServer(catalog, { prefixServer: true }));
  const rawTools = await listAllTools(rawClient).finally(() => rawClient.close());
  const cash = createCashServer({ name: 'x-bench-aggregate' });
  const labels = new Set<string>();
  const opened: Promise<unknown>[] = [];
  for (const [server, tools] of groupByServer(catalog)) {
    const client = await connectInMemory(createCatalogServer(tools, { name: server, pageSize: 0 }));
    const mount = createUpstreamMount(clientUpstream(server, client));
    cash.mount(uniqueLabel(server, labels), mount);
    opened.push(mount.open(AbortSignal.timeout(STARTUP_TIMEOUT_MS)));
  }
  await Promise.all(opened);
  return { ...identity, upstreams: labels.size, rawTools, cash, close: () => cash.close() };
}

/** The server name made into a CaSH label, with `_2`, `_3`... when it clashes with one taken. */
function uniqueLabel(server: string, taken: Set<string>): string {
  const base = toLabel(server) ?? 'server';
  let label = base;
  for (let suffix = 2; taken.has(normalizeLabel(label)); suffix += 1) label = `${base}_${suffix}`;
  taken.add(normalizeLabel(label));
  return label;
}
