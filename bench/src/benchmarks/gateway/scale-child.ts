/**
 * The child process of the gateway benchmark's scale runs: ingests one synthetic catalog into a
 * fresh gateway runtime (cold: the first ingest of the process), ingests it again (warm: a
 * refresh), records memory, times the one-time encoder build and the first browse apart, then
 * times `tool_browse` through the gateway server. Takes one JSON
 * argument ({@link ScaleRequest}), prints one JSON line ({@link ScaleMeasurement}).
 *
 * @module
 */

import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { countTokens } from '@x/core/tokens';
import { createGatewayRuntime, createGatewayServer } from '@x/gateway/server';
import { loadToolQueries } from '../../datasets/tool-catalog.js';
import { type LatencySummary, summarizeLatency } from '../../metrics/latency.js';
import { createRandom, sample } from '../../random.js';
import { connectInMemory } from '../../servers/in-memory.js';
import {
  loadDataCatalog,
  memoryUpstreams,
  SEAL_TOOLS_FOLDER,
  SEED,
  syntheticCatalog,
} from './catalogs.js';

/** What the parent asks of one child. */
export interface ScaleRequest {
  readonly dataFolder: string;
  readonly size: number;
  /** How many Seal-Tools dev queries to browse with (a seeded sample). */
  readonly queries: number;
}

/** What one child measured. */
export interface ScaleMeasurement {
  readonly size: number;
  /** Wall and CPU milliseconds of the first ingest in the process (`createGatewayRuntime`). */
  readonly coldIngest: { readonly wallMs: number; readonly cpuMs: number };
  /** The same for a second ingest of the same tools (`runtime.refresh()`). */
  readonly warmIngest: { readonly wallMs: number; readonly cpuMs: number };
  /**
   * Wall milliseconds of building the cl100k_base encoder after the ingests (the first token
   * count of the process): a one-time cost per process that ingest does not need unless a
   * card's id and tags are too long for the encoder-free bound, and that the first browse pays
   * otherwise; near 0 when ingest already built it.
   */
  readonly encoderMs: number;
  /** The first `tool_browse` after that: the search index's preparation and the first cards. */
  readonly firstBrowseMs: number;
  /** Memory after the cold ingest (after a full GC), and the heap it added. */
  readonly memory: {
    readonly heapUsedMb: number;
    readonly rssMb: number;
    readonly heapAddedMb: number;
  };
  /** `tool_browse(query)` through the gateway server over an in-memory MCP client. */
  readonly browseMs: LatencySummary;
  /**
   * Process CPU (user + system, client and server alike) of those browses, per browse: what
   * they cost whatever else the machine runs, where wall times also hold waits for a core.
   */
  readonly browseCpuMs: number;
  /** `Catalog.route(query, 10)` alone: the ranking and card work of a browse. */
  readonly routeMs: LatencySummary;
  readonly queries: number;
}

/** Browses run before timing, to warm up the JIT. */
const WARM_UP = 20;

async function measure(request: ScaleRequest): Promise<ScaleMeasurement> {
  const seal = loadDataCatalog(request.dataFolder, SEAL_TOOLS_FOLDER);
  const { catalog } = syntheticCatalog(seal, request.size);
  const queries = sample(
    loadToolQueries(join(request.dataFolder, SEAL_TOOLS_FOLDER), 'dev').map((query) => query.query),
    request.queries,
    createRandom(SEED),
  );
  const upstreams = memoryUpstreams(catalog);
  collectGarbage();
  const before = process.memoryUsage();
  const cold = await timedAsync(() => createGatewayRuntime({ upstreams }));
  const runtime = cold.result;
  collectGarbage();
  const after = process.memoryUsage();
  const warm = await timedAsync(() => runtime.refresh());
  const client = await connectInMemory(createGatewayServer(runtime));
  try {
    const browse = async (query: string): Promise<void> => {
      const result = (await client.callTool({
        name: 'tool_browse',
        arguments: { query },
      })) as CallToolResult;
      if (result.isError === true)
        throw new Error(`tool_browse failed: ${JSON.stringify(result.content)}`);
    };
    const encoderStarted = performance.now();
    countTokens('x');
    const encoderMs = performance.now() - encoderStarted;
    const firstStarted = performance.now();
    await browse(queries[0] ?? 'read a file');
    const firstBrowseMs = performance.now() - firstStarted;
    for (const query of queries.slice(0, WARM_UP)) await browse(query);
    const browseTimes: number[] = [];
    const browseCpu = process.cpuUsage();
    for (const query of queries) {
      const started = performance.now();
      await browse(query);
      browseTimes.push(performance.now() - started);
    }
    const browseCpuUsed = process.cpuUsage(browseCpu);
    const routeTimes: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      runtime.catalog.route(query, 10);
      routeTimes.push(performance.now() - started);
    }
    const megabytes = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10;
    return {
      size: runtime.catalog.size,
      coldIngest: cold.figures,
      warmIngest: warm.figures,
      encoderMs,
      firstBrowseMs,
      memory: {
        heapUsedMb: megabytes(after.heapUsed),
        rssMb: megabytes(after.rss),
        heapAddedMb: megabytes(after.heapUsed - before.heapUsed),
      },
      browseMs: summarizeLatency(browseTimes),
      browseCpuMs: (browseCpuUsed.user + browseCpuUsed.system) / 1000 / queries.length,
      routeMs: summarizeLatency(routeTimes),
      queries: queries.length,
    };
  } finally {
    await client.close();
  }
}

/** Runs `task`, measuring wall and CPU (user + system) milliseconds. */
async function timedAsync<Result>(
  task: () => Promise<Result>,
): Promise<{ result: Result; figures: { wallMs: number; cpuMs: number } }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await task();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, figures: { wallMs, cpuMs: (used.user + used.system) / 1000 } };
}

/** A full collection when the process runs with `--expose-gc` (the parent starts it so). */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) gc();
}

measure(JSON.parse(process.argv[2] ?? '{}') as ScaleRequest).then(
  (measurement) => {
    process.stdout.write(`${JSON.stringify(measurement)}\n`);
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
