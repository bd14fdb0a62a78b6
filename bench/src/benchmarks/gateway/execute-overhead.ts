/**
 * `tool_execute` overhead: one call straight to an upstream over stdio against the same call
 * through the gateway, in one run, interleaved.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '@x/core/catalog-server';
import { createUpstreamPool, parseMcpServersConfig } from '@x/core/upstreams';
import { createGatewayRuntime, createGatewayServer, upstreamsFromPool } from '@x/gateway/server';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency } from '../../metrics/latency.js';
import { connectInMemory } from '../../servers/in-memory.js';

/** The ways one call is made. */
export const EXECUTE_PATHS = ['direct', 'gateway-in-process', 'gateway-stdio'] as const;
/** One way a call is made. */
export type ExecutePath = (typeof EXECUTE_PATHS)[number];

/** What one run of {@link measureExecuteOverhead} found. */
export interface ExecuteOverhead {
  /** The upstream tool called (`<server>/<name>` of the catalog) and its arguments. */
  readonly tool: string;
  readonly args: Readonly<Record<string, string>>;
  /** Timed calls per path. */
  readonly repetitions: number;
  /** Latency per path. */
  readonly latencyMs: Readonly<Record<ExecutePath, LatencySummary>>;
  /** Each gateway path's p50 and mean over the direct call's. */
  readonly ratio: Readonly<Record<Exclude<ExecutePath, 'direct'>, { p50: number; mean: number }>>;
}

/** Calls per path before timing starts. */
const WARM_UP = 20;

/**
 * Serves one server of `catalog` with `x-catalog-server` over stdio and calls one of its tools
 * `repetitions` times per path, rotating which path goes first in each round: straight to the
 * upstream (an SDK client over stdio), through a gateway runtime and server in this process
 * (client over an in-memory transport, the gateway reaching the upstream over stdio through
 * `@x/core/upstreams`), and through a spawned `x-gateway serve` (client over stdio, the gateway
 * over stdio to the upstream). The tool is the first, in server and name order, whose schema
 * requires only unconstrained strings; it echoes its arguments.
 *
 * @throws {@link BenchError} `SETUP` when a bin is missing or a call fails.
 */
export async function measureExecuteOverhead(options: {
  readonly catalog: Catalog;
  readonly catalogPath: string;
  readonly repositoryRoot: string;
  readonly repetitions: number;
}): Promise<ExecuteOverhead> {
  const { tool, args } = chooseTool(options.catalog);
  const server = tool.server ?? 'tools';
  const catalogServerBin = fileURLToPath(
    new URL('./bin.js', import.meta.resolve('@x/core/catalog-server')),
  );
  const gatewayBin = join(options.repositoryRoot, 'apps', 'gateway', 'dist', 'cli.js');
  for (const bin of [catalogServerBin, gatewayBin]) {
    if (!existsSync(bin)) {
      throw new BenchError({ code: 'SETUP', message: `missing ${bin}: run pnpm build` });
    }
  }
  const upstreamArgs = [
    catalogServerBin,
    '--catalog',
    options.catalogPath,
    '--server',
    server,
    '--page-size',
    '0',
  ];
  const folder = await mkdtemp(join(tmpdir(), 'x-bench-gateway-'));
  const configPath = join(folder, 'mcp.json');
  const config = { mcpServers: { [server]: { command: process.execPath, args: upstreamArgs } } };
  await writeFile(configPath, JSON.stringify(config));
  const closers: (() => Promise<unknown>)[] = [() => rm(folder, { recursive: true, force: true })];
  try {
    const direct = await connectStdio(process.execPath, upstreamArgs);
    closers.unshift(() => direct.close());
    const pool = createUpstreamPool(parseMcpServersConfig(config, configPath), {
      stderr: 'ignore',
    });
    closers.unshift(() => pool.close());
    const runtime = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
    const toolId = runtime.catalog.toolIds.find(
      (id) => runtime.catalog.entry(id)?.upstreamName === tool.name,
    );
    if (toolId === undefined) {
      throw new BenchError({ code: 'SETUP', message: `the gateway did not ingest ${tool.name}` });
    }
    const inProcess = await connectInMemory(createGatewayServer(runtime));
    closers.unshift(() => inProcess.close());
    const spawned = await connectStdio(process.execPath, [
      gatewayBin,
      'serve',
      '--config',
      configPath,
      '--quiet',
    ]);
    closers.unshift(() => spawned.close());
    const execute = { name: 'tool_execute', arguments: { tool_id: toolId, args } };
    const calls: Record<ExecutePath, () => Promise<unknown>> = {
      direct: () => call(direct, { name: tool.name, arguments: args }),
      'gateway-in-process': () => call(inProcess, execute),
      'gateway-stdio': () => call(spawned, execute),
    };
    const times: Record<ExecutePath, number[]> = {
      direct: [],
      'gateway-in-process': [],
      'gateway-stdio': [],
    };
    for (let round = 0; round < WARM_UP + options.repetitions; round += 1) {
      for (let turn = 0; turn < EXECUTE_PATHS.length; turn += 1) {
        const path = EXECUTE_PATHS[(round + turn) % EXECUTE_PATHS.length] as ExecutePath;
        const started = performance.now();
        await calls[path]();
        if (round >= WARM_UP) times[path].push(performance.now() - started);
      }
    }
    const latencyMs = {
      direct: summarizeLatency(times.direct),
      'gateway-in-process': summarizeLatency(times['gateway-in-process']),
      'gateway-stdio': summarizeLatency(times['gateway-stdio']),
    };
    const over = (path: Exclude<ExecutePath, 'direct'>) => ({
      p50: latencyMs[path].p50 / latencyMs.direct.p50,
      mean: latencyMs[path].mean / latencyMs.direct.mean,
    });
    return {
      tool: `${server}/${tool.name}`,
      args,
      repetitions: options.repetitions,
      latencyMs,
      ratio: {
        'gateway-in-process': over('gateway-in-process'),
        'gateway-stdio': over('gateway-stdio'),
      },
    };
  } finally {
    for (const close of closers) await close();
  }
}

/** A property schema any string satisfies: `type: "string"` and nothing but prose beside it. */
function isPlainString(property: Record<string, unknown> | undefined): boolean {
  if (property?.type !== 'string') return false;
  return Object.keys(property).every((key) => ['type', 'description', 'title'].includes(key));
}

/**
 * The first tool in server and name order whose schema requires only properties any string
 * satisfies (no format, pattern, length or enum).
 */
function chooseTool(catalog: Catalog): { tool: Catalog[number]; args: Record<string, string> } {
  const ordered = [...catalog].sort(
    (left, right) =>
      compareText(left.server ?? '', right.server ?? '') || compareText(left.name, right.name),
  );
  for (const tool of ordered) {
    const schema = tool.inputSchema as
      | { properties?: Record<string, Record<string, unknown>>; required?: unknown }
      | undefined;
    const required = Array.isArray(schema?.required) ? (schema.required as unknown[]) : [];
    if (required.length === 0 || schema?.properties === undefined) continue;
    const strings = required.every(
      (name) => typeof name === 'string' && isPlainString(schema.properties?.[name]),
    );
    if (strings) {
      return {
        tool,
        args: Object.fromEntries(required.map((name) => [name as string, 'benchmark'])),
      };
    }
  }
  throw new BenchError({ code: 'SETUP', message: 'no tool with string-only required arguments' });
}

async function connectStdio(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'x-bench', version: '0.1.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return client;
}

async function call(
  client: Client,
  request: { name: string; arguments: Record<string, unknown> },
): Promise<void> {
  const result = (await client.callTool(request)) as CallToolResult;
  if (result.isError === true) {
    throw new BenchError({
      code: 'SETUP',
      message: `${request.name} failed: ${JSON.stringify(result.content).slice(0, 300)}`,
    });
  }
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
