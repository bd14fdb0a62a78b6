/**
 * `tool_execute` overhead: calls straight to an upstream over stdio against the same calls
 * through the gateway, for a worst case and a realistic case, in one run, interleaved.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Catalog } from '@x/core/catalog-server';
import { createUpstreamPool, parseMcpServersConfig } from '@x/core/upstreams';
import { createGatewayRuntime, createGatewayServer, upstreamsFromPool } from '@x/gateway/server';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency } from '../../metrics/latency.js';
import { connectInMemory } from '../../servers/in-memory.js';
import {
  BENCH_MAX_INLINE_TOKENS,
  type ExecuteCaseName,
  type ExecuteCaseSetup,
  echoCase,
  fileReadCase,
} from './execute-cases.js';

/** The ways one call is made. */
export const EXECUTE_PATHS = ['direct', 'gateway-in-process', 'gateway-stdio'] as const;
/** One way a call is made. */
export type ExecutePath = (typeof EXECUTE_PATHS)[number];

/** What one case of {@link measureExecuteOverhead} found. */
export interface ExecuteCase {
  readonly case: ExecuteCaseName;
  /** What the case stands for. */
  readonly label: string;
  /** The upstream tool called (`<server>/<name>`) and its arguments (host paths as `<tmp>`). */
  readonly tool: string;
  readonly args: Readonly<Record<string, string>>;
  /** UTF-8 bytes of the text the direct call returns (the gateway returns the same text). */
  readonly resultBytes: number;
  /** Latency per path. */
  readonly latencyMs: Readonly<Record<ExecutePath, LatencySummary>>;
  /** Each gateway path's p50 and mean over the direct call's. */
  readonly ratio: Readonly<Record<Exclude<ExecutePath, 'direct'>, { p50: number; mean: number }>>;
}

/** What one run of {@link measureExecuteOverhead} found. */
export interface ExecuteOverhead {
  /** Timed calls per path and case. */
  readonly repetitions: number;
  /** The gateways' firewall threshold, above every case's result, so results stay inline. */
  readonly maxInlineTokens: number;
  /** The worst case first, then the realistic one. */
  readonly cases: readonly ExecuteCase[];
}

/** Calls per path and case before timing starts. */
const WARM_UP = 20;

type Call = () => Promise<string>;

/**
 * Calls each case's tool `repetitions` times per path, rotating which case and which path go
 * first in each round: straight to the upstream (an SDK client over stdio), through a gateway
 * runtime and server in this process (client over an in-memory transport, the gateway reaching
 * the upstream over stdio through `@x/core/upstreams`), and through a spawned `x-gateway serve`
 * (client over stdio, the gateway over stdio to the upstream). One gateway serves both cases'
 * upstreams. Before timing, every path's answer is checked to carry the direct call's text.
 *
 * @throws {@link BenchError} `SETUP` when a bin is missing, a call fails or paths disagree.
 */
export async function measureExecuteOverhead(options: {
  readonly catalog: Catalog;
  readonly catalogPath: string;
  readonly repositoryRoot: string;
  readonly repetitions: number;
}): Promise<ExecuteOverhead> {
  const gatewayBin = join(options.repositoryRoot, 'apps', 'gateway', 'dist', 'cli.js');
  if (!existsSync(gatewayBin)) {
    throw new BenchError({ code: 'SETUP', message: `missing ${gatewayBin}: run pnpm build` });
  }
  const folder = await mkdtemp(join(tmpdir(), 'x-bench-gateway-'));
  const closers: (() => Promise<unknown>)[] = [() => rm(folder, { recursive: true, force: true })];
  try {
    const filesFolder = join(folder, 'files');
    await mkdir(filesFolder);
    const setups = [
      echoCase(options.catalog, options.catalogPath),
      await fileReadCase(options.catalog, filesFolder),
    ];
    const config = {
      mcpServers: Object.fromEntries(
        setups.map((setup) => [
          setup.server,
          { command: setup.upstream.command, args: [...setup.upstream.args] },
        ]),
      ),
    };
    const configPath = join(folder, 'mcp.json');
    await writeFile(configPath, JSON.stringify(config));
    const pool = createUpstreamPool(parseMcpServersConfig(config, configPath), {
      stderr: 'ignore',
    });
    closers.unshift(() => pool.close());
    const runtime = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
    const inProcess = await connectInMemory(
      createGatewayServer(runtime, { firewall: { maxInlineTokens: BENCH_MAX_INLINE_TOKENS } }),
    );
    closers.unshift(() => inProcess.close());
    const spawned = await connectStdio(process.execPath, [
      gatewayBin,
      'serve',
      '--config',
      configPath,
      '--max-inline-tokens',
      String(BENCH_MAX_INLINE_TOKENS),
      '--quiet',
    ]);
    closers.unshift(() => spawned.close());
    const calls: Record<ExecutePath, Call>[] = [];
    for (const setup of setups) {
      const direct = await connectStdio(setup.upstream.command, [...setup.upstream.args]);
      closers.unshift(() => direct.close());
      const toolId = runtime.catalog.toolIds.find((id) => {
        const entry = runtime.catalog.entry(id);
        return entry?.upstream === setup.server && entry.upstreamName === setup.tool;
      });
      if (toolId === undefined) {
        throw new BenchError({
          code: 'SETUP',
          message: `the gateway did not ingest ${setup.tool}`,
        });
      }
      const execute = { name: 'tool_execute', arguments: { tool_id: toolId, args: setup.args } };
      calls.push({
        direct: () => callText(direct, { name: setup.tool, arguments: { ...setup.args } }),
        'gateway-in-process': () => callSummary(inProcess, execute),
        'gateway-stdio': () => callSummary(spawned, execute),
      });
    }
    const expected = await Promise.all(calls.map((byPath) => byPath.direct()));
    for (const [index, byPath] of calls.entries()) {
      for (const path of EXECUTE_PATHS) {
        if ((await byPath[path]()) !== expected[index]) {
          const name = setups[index]?.name ?? String(index);
          throw new BenchError({
            code: 'SETUP',
            message: `${name}: ${path} returned other text than the direct call`,
          });
        }
      }
    }
    const times = calls.map(
      () =>
        ({ direct: [], 'gateway-in-process': [], 'gateway-stdio': [] }) as Record<
          ExecutePath,
          number[]
        >,
    );
    for (let round = 0; round < WARM_UP + options.repetitions; round += 1) {
      for (let caseTurn = 0; caseTurn < calls.length; caseTurn += 1) {
        const index = (round + caseTurn) % calls.length;
        for (let turn = 0; turn < EXECUTE_PATHS.length; turn += 1) {
          const path = EXECUTE_PATHS[(round + turn) % EXECUTE_PATHS.length] as ExecutePath;
          const started = performance.now();
          await (calls[index] as Record<ExecutePath, Call>)[path]();
          if (round >= WARM_UP)
            (times[index] as Record<ExecutePath, number[]>)[path].push(performance.now() - started);
        }
      }
    }
    return {
      repetitions: options.repetitions,
      maxInlineTokens: BENCH_MAX_INLINE_TOKENS,
      cases: setups.map((setup, index) =>
        summarizeCase(setup, times[index] as Record<ExecutePath, number[]>, expected[index] ?? ''),
      ),
    };
  } finally {
    for (const close of closers) await close();
  }
}

function summarizeCase(
  setup: ExecuteCaseSetup,
  times: Record<ExecutePath, number[]>,
  text: string,
): ExecuteCase {
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
    case: setup.name,
    label: setup.label,
    tool: `${setup.server}/${setup.tool}`,
    args: setup.shownArgs,
    resultBytes: Buffer.byteLength(text, 'utf8'),
    latencyMs,
    ratio: {
      'gateway-in-process': over('gateway-in-process'),
      'gateway-stdio': over('gateway-stdio'),
    },
  };
}

async function connectStdio(command: string, args: string[]): Promise<Client> {
  const client = new Client({ name: 'x-bench', version: '0.1.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  return client;
}

async function callTool(
  client: Client,
  request: { name: string; arguments: Record<string, unknown> },
): Promise<CallToolResult> {
  const result = (await client.callTool(request)) as CallToolResult;
  if (result.isError === true) {
    throw new BenchError({
      code: 'SETUP',
      message: `${request.name} failed: ${JSON.stringify(result.content).slice(0, 300)}`,
    });
  }
  return result;
}

/** The text blocks of an upstream's answer, joined as the gateway's firewall joins them. */
async function callText(
  client: Client,
  request: { name: string; arguments: Record<string, unknown> },
): Promise<string> {
  const result = await callTool(client, request);
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** The summary of a `tool_execute` envelope: the whole text of a result the firewall kept inline. */
async function callSummary(
  client: Client,
  request: { name: string; arguments: Record<string, unknown> },
): Promise<string> {
  const result = await callTool(client, request);
  const envelope = result.structuredContent as
    | { summary?: unknown; provenance?: { firewall?: unknown } }
    | undefined;
  if (envelope?.provenance?.firewall !== 'inline' || typeof envelope.summary !== 'string') {
    throw new BenchError({
      code: 'SETUP',
      message: 'tool_execute did not return the result inline',
    });
  }
  return envelope.summary;
}
