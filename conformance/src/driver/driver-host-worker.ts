/**
 * The worker thread that holds a driver under test, so a driver that hangs, loops or crashes
 * takes down this thread, never the runner.
 *
 * @module
 */

import { parentPort, workerData } from 'node:worker_threads';
import { loadDriverModule } from './driver-module.js';
import {
  type CollectedStream,
  DRIVER_METHODS,
  type DriverMethod,
  type DriverSnapshot,
  type HostRequest,
  type HostResponse,
  type HostWorkerData,
  type ThrownError,
} from './host-protocol.js';

/** The most chunks `collect` reads from a stream. */
const MAX_CHUNKS = 1_000;

/** The properties `Object.prototype` had before any driver code ran. */
const PROTOTYPE_BASELINE = new Set(Object.getOwnPropertyNames(Object.prototype));

const data = workerData as HostWorkerData;
let driver: Record<string, unknown> | undefined;

// A driver's stray rejection must not end the thread between two checks.
process.on('unhandledRejection', () => undefined);

/** A copy that can cross to the runner: structured clone, else JSON, else a string. */
function transferable(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
    } catch {
      return String(value);
    }
  }
}

function thrown(error: unknown): ThrownError {
  if (typeof error !== 'object' || error === null) {
    return { name: 'Error', message: String(error) };
  }
  const record = error as Record<string, unknown>;
  return {
    name: typeof record.name === 'string' ? record.name : 'Error',
    message: typeof record.message === 'string' ? record.message : String(error),
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    ...(typeof record.retryPrompt === 'string' ? { retryPrompt: record.retryPrompt } : {}),
  };
}

function loaded(): Record<string, unknown> {
  if (driver === undefined) throw new Error('the driver is not loaded');
  return driver;
}

async function load(): Promise<DriverSnapshot> {
  const module = await loadDriverModule(data.moduleUrl, data.options);
  driver = module.driver as Record<string, unknown>;
  const methods = Object.fromEntries(
    DRIVER_METHODS.map((method) => [method, typeof driver?.[method] === 'function']),
  ) as Record<DriverMethod, boolean>;
  return {
    meta: transferable(driver.meta),
    specVersion: transferable(driver.specVersion),
    methods,
    probeCalls: transferable(module.probeCalls),
  };
}

async function collect(value: unknown): Promise<CollectedStream> {
  const iterator = (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator];
  if (typeof iterator !== 'function') return { iterable: false, chunks: [] };
  const chunks: unknown[] = [];
  for await (const chunk of value as AsyncIterable<unknown>) {
    chunks.push(transferable(chunk));
    if (chunks.length >= MAX_CHUNKS) break;
  }
  return { iterable: true, chunks };
}

async function call(
  method: DriverMethod,
  args: readonly unknown[],
  collectChunks: boolean,
): Promise<unknown> {
  const target = loaded();
  const fn = target[method];
  if (typeof fn !== 'function') throw new TypeError(`driver.${method} is not a function`);
  const value: unknown = await (fn as (...values: unknown[]) => unknown).apply(target, [...args]);
  return collectChunks ? await collect(value) : transferable(value);
}

function pollution(): string[] {
  const added = Object.getOwnPropertyNames(Object.prototype).filter(
    (name) => !PROTOTYPE_BASELINE.has(name),
  );
  return added.sort();
}

async function answer(request: HostRequest): Promise<unknown> {
  switch (request.op) {
    case 'load':
      return await load();
    case 'call':
      return await call(request.method, request.args, request.collect);
    case 'pollution':
      return pollution();
    case 'close':
      return typeof driver?.close === 'function' ? await call('close', [], false) : null;
  }
}

parentPort?.on('message', (request: HostRequest) => {
  void answer(request).then(
    (value) => parentPort?.postMessage({ id: request.id, ok: true, value } satisfies HostResponse),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        error: thrown(error),
      } satisfies HostResponse),
  );
});
