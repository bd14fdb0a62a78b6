/**
 * A built `x-gateway serve --http` whose stderr the test keeps and whose environment it sets,
 * for the observability tests: traces, `/metrics`, `/readyz` and the log.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stopProcessGroup } from '@x/test-kit';
import {
  getMetricsFromIterator,
  type PromData,
  type PromHistogramData,
  type PromMetrics,
} from 'prom2javascript';
import { CATALOG, CATALOG_SERVER, CLI } from './gateway-processes.js';

/** A running gateway. */
export interface ObservedGateway {
  /** Its MCP endpoint. */
  readonly url: URL;
  /** The process (its group also holds the upstreams). */
  readonly child: ChildProcess;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  /** Stops the group (SIGTERM first, so that the gateway flushes its telemetry). */
  stop(): Promise<number | null>;
}

/** The stdio entry of an `x-catalog-server` upstream serving `catalog`, run by `launcher` when given. */
export function catalogUpstream(catalog: string, launcher: readonly string[] = []) {
  return { command: process.execPath, args: [...launcher, CATALOG_SERVER, '--catalog', catalog] };
}

/**
 * Writes the test catalog (`work`, `note`) and an mcpServers file in `folder` with the servers
 * `servers(catalog)` gives; returns the file.
 */
export async function writeServers(
  folder: string,
  servers: (catalog: string) => Record<string, unknown>,
): Promise<string> {
  const catalog = join(folder, 'catalog.json');
  await writeFile(catalog, JSON.stringify(CATALOG));
  const config = join(folder, 'mcp.json');
  await writeFile(config, JSON.stringify({ mcpServers: servers(catalog) }));
  return config;
}

/** Starts `x-gateway serve --config CONFIG ARGS --http 127.0.0.1:0` with `env` added. */
export function startObservedGateway(
  config: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<ObservedGateway> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--config', config, ...args, '--http', '127.0.0.1:0'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } },
  );
  let stderr = '';
  let stopped: Promise<number | null> | undefined;
  const stop = () => {
    stopped ??= stopProcessGroup(child, 10_000);
    return stopped;
  };
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving .* at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (match?.[1] !== undefined) {
        resolve({ url: new URL(match[1]), child, stderr: () => stderr, stop });
      }
    });
    child.once('exit', (code) => reject(new Error(`x-gateway exited with ${code}: ${stderr}`)));
  });
}

/** The metric families of one scrape, by name, as `prom2javascript` parses them. */
export type Scrape = PromMetrics;

/** One sample: a counter or gauge value, or a histogram's count and buckets. */
export type Sample = PromData | PromHistogramData;

/** Fetches a route of the gateway (`/metrics`, `/readyz`) on the MCP endpoint's origin. */
export async function fetchRoute(url: URL, path: string): Promise<Response> {
  return fetch(new URL(path, url.origin));
}

/** Scrapes `/metrics` and parses it with a Prometheus text-format parser. */
export async function scrape(url: URL): Promise<Scrape> {
  const response = await fetchRoute(url, '/metrics');
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const lines = (await response.text()).split('\n');
  return getMetricsFromIterator(lines[Symbol.iterator]());
}

/** The samples of family `name` whose labels include `labels`. */
export function samples(
  scraped: Scrape,
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  const data = (scraped[name]?.data ?? []) as Sample[];
  return data.filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The one value (counter or gauge; a histogram's count) of family `name` with `labels`; 0 when none. */
export function sampleValue(
  scraped: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number {
  const found = samples(scraped, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
  const [sample] = found;
  if (sample === undefined) return 0;
  return 'value' in sample ? sample.value : sample.count;
}
