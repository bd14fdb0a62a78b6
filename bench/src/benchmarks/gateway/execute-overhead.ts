/**
 * `tool_execute` overhead: calls straight to an upstream over stdio against the same calls
 * through the gateway, for a worst case and a realistic case, in one run, interleaved; with an
 * in-process MCP server that only forwards the call, so the run also shows what one MCP hop costs
 * before the gateway does anything.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Catalog } from '@x/core/catalog-server';
import { countTokens } from '@x/core/tokens';
import { createUpstreamPool, parseMcpServersConfig } from '@x/core/upstreams';
import { createGatewayRuntime, createGatewayServer, upstreamsFromPool } from '@x/gateway/server';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency } from '../../metrics/latency.js';
import { createForwardingServer } from '../../servers/forwarder.js';
import { connectInMemory } from '../../servers/in-memory.js';
import {
  BENCH_MAX_INLINE_TOKENS,
  type ExecuteCaseName,
  type ExecuteCaseSetup,
  echoCase,
  fileReadCase,
} from './execute-cases.js';

/** The ways one call is made. */
export const EXECUTE_PATHS = [
  'direct',
  'forwarder-in-process',
  'gateway-in-process',
  'forwarder-stdio',
  'gateway-stdio',
  'forwarder-stdio-2026',
  'gateway-stdio-2026',
] as const;
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
  /** UTF-8 bytes of the text the direct call returns (every path returns the same content). */
  readonly resultBytes: number;
  /** Latency per path. */
  readonly latencyMs: Readonly<Record<ExecutePath, LatencySummary>>;
  /** Each other path's p50 and mean over the direct call's. */
  readonly ratio: Readonly<Record<Exclude<ExecutePath, 'direct'>, { p50: number; mean: number }>>;
  /**
   * `cl100k_base` tokens a model reads of the result: the gateway's content (the upstream's
   * blocks, passed through; the same as the direct call's) and, for comparison, the envelope as
   * one JSON text, which is what mirroring `structuredContent` in the content would show.
   */
  readonly modelTokens: Readonly<{ passThrough: number; envelopeJson: number }>;
  /**
   * Milliseconds (p50) each gateway adds to the forwarder on the same transport: the gateway's
   * own work (argument checks, validation, the firewall) beyond one MCP hop.
   */
  readonly gatewayOwnMs: Readonly<{ 'in-process': number; stdio: number; 'stdio-2026': number }>;
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

type Call = () => Promise<CallToolResult>;

/**
 * Calls each case's tool `repetitions` times per path, rotating which case and which path go
 * first in each round: straight to the upstream (an SDK client over stdio); through an
 * in-process server that only forwards the call to an `@x/core` upstream (client over an
 * in-memory transport); through a gateway runtime and server in this process (client over an
 * in-memory transport, the gateway reaching the upstream over stdio through `@x/core/upstreams`);
 * through a spawned forwarder (`forwarder-main.js`, client over stdio); and through a spawned
 * `x-gateway serve` (client over stdio, the gateway over stdio to the upstream). Every path has
 * upstream processes of its own, so each upstream process serves the same share of the calls;
 * one forwarder and one gateway per transport serve both cases. Before timing, every path's
 * content is checked to be the direct call's, and the gateways' envelope summary too.
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
  const forwarderBin = fileURLToPath(new URL('../../servers/forwarder-main.js', import.meta.url));
  for (const bin of [gatewayBin, forwarderBin]) {
    if (!existsSync(bin)) {
      throw new BenchError({ code: 'SETUP', message: `missing ${bin}: run pnpm build` });
    }
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
    const parsedConfig = parseMcpServersConfig(config, configPath);
    const pool = createUpstreamPool(parsedConfig, { stderr: 'ignore' });
    closers.unshift(() => pool.close());
    const forwarderPool = createUpstreamPool(parsedConfig, { stderr: 'ignore' });
    closers.unshift(() => forwarderPool.close());
    const runtime = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
    const inProcess = await connectInMemory(
      createGatewayServer(runtime, { firewall: { maxInlineTokens: BENCH_MAX_INLINE_TOKENS } }),
    );
    closers.unshift(() => inProcess.close());
    const forwarder = await connectInMemory(
      await createForwardingServer([...forwarderPool.upstreams.values()]),
    );
    closers.unshift(() => forwarder.close());
    const spawnedForwarder = await connectStdio(process.execPath, [forwarderBin, configPath]);
    closers.unshift(() => spawnedForwarder.close());
    const gatewayArgs = [
      gatewayBin,
      'serve',
      '--config',
      configPath,
      '--max-inline-tokens',
      String(BENCH_MAX_INLINE_TOKENS),
      '--quiet',
    ];
    const spawned = await connectStdio(process.execPath, gatewayArgs);
    closers.unshift(() => spawned.close());
    // The same two servers, each of its own process, reached by a 2026-07-28 client.
    const spawnedForwarderModern = await connectStdio(
      process.execPath,
      [forwarderBin, configPath],
      'modern',
    );
    closers.unshift(() => spawnedForwarderModern.close());
    const spawnedModern = await connectStdio(process.execPath, gatewayArgs, 'modern');
    closers.unshift(() => spawnedModern.close());
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
      const call = { name: setup.tool, arguments: { ...setup.args } };
      const execute = { name: 'tool_execute', arguments: { tool_id: toolId, args: setup.args } };
      calls.push({
        direct: () => callTool(direct, call),
        'forwarder-in-process': () => callTool(forwarder, call),
        'gateway-in-process': () => callTool(inProcess, execute),
        'forwarder-stdio': () => callTool(spawnedForwarder, call),
        'gateway-stdio': () => callTool(spawned, execute),
        'forwarder-stdio-2026': () => callTool(spawnedForwarderModern, call),
        'gateway-stdio-2026': () => callTool(spawnedModern, execute),
      });
    }
    const checked: CheckedAnswer[] = [];
    for (const [index, byPath] of calls.entries()) {
      checked.push(await checkSameContent(setups[index] as ExecuteCaseSetup, byPath));
    }
    const times = calls.map(
      () =>
        Object.fromEntries(EXECUTE_PATHS.map((path) => [path, [] as number[]])) as Record<
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
        summarizeCase(
          setup,
          times[index] as Record<ExecutePath, number[]>,
          checked[index] as CheckedAnswer,
        ),
      ),
    };
  } finally {
    for (const close of closers) await close();
  }
}

function summarizeCase(
  setup: ExecuteCaseSetup,
  times: Record<ExecutePath, number[]>,
  checked: CheckedAnswer,
): ExecuteCase {
  const latencyMs = Object.fromEntries(
    EXECUTE_PATHS.map((path) => [path, summarizeLatency(times[path])]),
  ) as Record<ExecutePath, LatencySummary>;
  const over = (path: Exclude<ExecutePath, 'direct'>) => ({
    p50: latencyMs[path].p50 / latencyMs.direct.p50,
    mean: latencyMs[path].mean / latencyMs.direct.mean,
  });
  return {
    case: setup.name,
    label: setup.label,
    tool: `${setup.server}/${setup.tool}`,
    args: setup.shownArgs,
    resultBytes: Buffer.byteLength(checked.text, 'utf8'),
    latencyMs,
    ratio: {
      'forwarder-in-process': over('forwarder-in-process'),
      'gateway-in-process': over('gateway-in-process'),
      'forwarder-stdio': over('forwarder-stdio'),
      'gateway-stdio': over('gateway-stdio'),
      'forwarder-stdio-2026': over('forwarder-stdio-2026'),
      'gateway-stdio-2026': over('gateway-stdio-2026'),
    },
    modelTokens: {
      passThrough: countTokens(checked.text),
      envelopeJson: countTokens(JSON.stringify(checked.envelope)),
    },
    gatewayOwnMs: {
      'in-process': latencyMs['gateway-in-process'].p50 - latencyMs['forwarder-in-process'].p50,
      stdio: latencyMs['gateway-stdio'].p50 - latencyMs['forwarder-stdio'].p50,
      'stdio-2026': latencyMs['gateway-stdio-2026'].p50 - latencyMs['forwarder-stdio-2026'].p50,
    },
  };
}

async function connectStdio(
  command: string,
  args: string[],
  era: 'legacy' | 'modern' = 'legacy',
): Promise<Client> {
  const client = new Client(
    { name: 'x-bench', version: '0.1.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
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

/** The text blocks of an answer, joined as the gateway's firewall joins them. */
function textOf(result: CallToolResult): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** The text every path answered and the envelope the in-process gateway answered with. */
interface CheckedAnswer {
  readonly text: string;
  readonly envelope: unknown;
}

/**
 * Calls every path once and checks that each returns the direct call's content (the gateways
 * pass a result they keep inline through untouched) and that the gateways' envelope holds the
 * same text as its summary; returns that text and the in-process gateway's envelope.
 *
 * @throws {@link BenchError} `SETUP` when a path answers differently.
 */
async function checkSameContent(
  setup: ExecuteCaseSetup,
  byPath: Record<ExecutePath, Call>,
): Promise<CheckedAnswer> {
  const expected = await byPath.direct();
  let envelope: unknown;
  const mismatch = (path: ExecutePath, what: string) =>
    new BenchError({ code: 'SETUP', message: `${setup.name}: ${path} returned ${what}` });
  for (const path of EXECUTE_PATHS) {
    const result = await byPath[path]();
    if (JSON.stringify(result.content) !== JSON.stringify(expected.content)) {
      throw mismatch(path, 'other content than the direct call');
    }
    if (path.startsWith('gateway-')) {
      const answered = result.structuredContent as
        | { summary?: unknown; provenance?: { firewall?: unknown } }
        | undefined;
      if (answered?.provenance?.firewall !== 'inline' || answered.summary !== textOf(expected)) {
        throw mismatch(path, 'no inline envelope with the whole text as its summary');
      }
      if (path === 'gateway-in-process') envelope = answered;
    }
  }
  return { text: textOf(expected), envelope };
}
