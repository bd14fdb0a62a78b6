/**
 * The runner's side of a driver under test: a worker thread that loads the driver module and
 * answers calls, with time limits that end the thread when a driver hangs.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ConformanceError } from '../errors.js';
import type {
  CollectedStream,
  DriverMethod,
  DriverSnapshot,
  HostRequest,
  HostResponse,
  HostWorkerData,
  ThrownError,
} from './host-protocol.js';

/**
 * The built worker script. It is always taken from `dist/`, also when the runner itself runs
 * from sources (the tests): a worker thread runs plain JavaScript.
 */
const WORKER_SCRIPT = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'dist',
  'driver',
  'driver-host-worker.js',
);

/** How long closing waits for the driver's own `close()` before the thread is ended. */
const CLOSE_GRACE_MS = 5_000;

/** What one call of a driver method came to. */
export type CallOutcome =
  | {
      /** The method returned (or its promise resolved). */
      readonly status: 'resolved';
      /** The value, copied out of the worker. */
      readonly value: unknown;
      /** How long it took. */
      readonly durationMs: number;
    }
  | {
      /** The method threw (or its promise rejected). */
      readonly status: 'rejected';
      /** What it threw. */
      readonly error: ThrownError;
      /** How long it took. */
      readonly durationMs: number;
    }
  | {
      /** No answer within the time limit; the worker was ended with the driver in it. */
      readonly status: 'timeout';
      /** The time limit. */
      readonly durationMs: number;
    };

/** Options of one call. */
export interface CallOptions {
  /** The time limit; past it the worker is ended and the outcome is `timeout`. */
  readonly timeoutMs: number;
  /** Iterate the returned async iterable (see {@link CollectedStream}). */
  readonly collect?: boolean;
}

/** A loaded driver in its worker thread. */
export interface DriverHost {
  /** What the driver looked like once loaded. */
  readonly snapshot: DriverSnapshot;
  /** False once the worker has ended (after a timeout, a crash or `close`). */
  readonly alive: boolean;
  /** Calls a driver method; never rejects for what the driver does. */
  call(method: DriverMethod, args: readonly unknown[], options: CallOptions): Promise<CallOutcome>;
  /** The properties driver code added to `Object.prototype` in the worker, sorted. */
  pollutedKeys(timeoutMs: number): Promise<string[]>;
  /** Calls the driver's `close()` (bounded), then ends the worker; idempotent. */
  close(): Promise<void>;
}

/** Options of {@link startDriverHost}. */
export interface StartDriverHostOptions {
  /** The module's URL (see `resolveDriverModule`). */
  readonly moduleUrl: string;
  /** The options passed to the module's factory. */
  readonly options?: unknown;
  /** The time limit of loading the module and building the driver. */
  readonly timeoutMs: number;
}

type Pending = (response: HostResponse | { ended: string }) => void;

/** A request without its id (the host numbers requests). */
type RequestBody = HostRequest extends infer Request
  ? Request extends HostRequest
    ? Omit<Request, 'id'>
    : never
  : never;

/**
 * Starts a worker, loads the driver module in it and returns the host.
 *
 * @throws ConformanceError `TARGET_START_FAILED` when the worker script is not built, the
 *   module cannot be loaded, or it does not answer in time.
 */
export async function startDriverHost(options: StartDriverHostOptions): Promise<DriverHost> {
  if (!existsSync(WORKER_SCRIPT)) {
    throw new ConformanceError({
      code: 'TARGET_START_FAILED',
      message: `the driver worker is not built (${WORKER_SCRIPT}); run the build of @x/conformance first`,
    });
  }
  const worker = new Worker(WORKER_SCRIPT, {
    workerData: { moduleUrl: options.moduleUrl, options: options.options } satisfies HostWorkerData,
    // A driver that prints must not corrupt the report on our stdout.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let ended: string | undefined;
  const end = (reason: string) => {
    ended ??= reason;
    for (const settle of pending.values()) settle({ ended: reason });
    pending.clear();
  };
  worker.on('message', (response: HostResponse) => {
    const settle = pending.get(response.id);
    pending.delete(response.id);
    settle?.(response);
  });
  worker.on('error', (error) => end(`the driver crashed its worker: ${error.message}`));
  worker.on('exit', () => end('the driver worker has ended'));

  function request(
    message: RequestBody,
    timeoutMs: number,
  ): Promise<HostResponse | { ended: string } | 'timeout'> {
    if (ended !== undefined) return Promise.resolve({ ended });
    const id = nextId;
    nextId += 1;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        end(`the driver did not answer within ${timeoutMs} ms`);
        resolve('timeout');
        void worker.terminate();
      }, timeoutMs);
      pending.set(id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      worker.postMessage({ ...message, id });
    });
  }

  const loadedResponse = await request({ op: 'load' }, options.timeoutMs);
  if (loadedResponse === 'timeout' || 'ended' in loadedResponse || !loadedResponse.ok) {
    await worker.terminate();
    const why =
      loadedResponse === 'timeout'
        ? `no driver within ${options.timeoutMs} ms`
        : 'ended' in loadedResponse
          ? loadedResponse.ended
          : `${loadedResponse.error.name}: ${loadedResponse.error.message}`;
    throw new ConformanceError({
      code: 'TARGET_START_FAILED',
      message: `the driver module could not be loaded: ${why}`,
    });
  }
  const snapshot = loadedResponse.value as DriverSnapshot;
  let closing: Promise<void> | undefined;

  return {
    snapshot,
    get alive() {
      return ended === undefined;
    },
    async call(method, args, callOptions) {
      const started = performance.now();
      const response = await request(
        { op: 'call', method, args, collect: callOptions.collect === true },
        callOptions.timeoutMs,
      );
      const durationMs = Math.round(performance.now() - started);
      if (response === 'timeout') return { status: 'timeout', durationMs: callOptions.timeoutMs };
      if ('ended' in response) {
        return {
          status: 'rejected',
          error: { name: 'WorkerEnded', message: response.ended },
          durationMs,
        };
      }
      return response.ok
        ? { status: 'resolved', value: response.value, durationMs }
        : { status: 'rejected', error: response.error, durationMs };
    },
    async pollutedKeys(timeoutMs) {
      const response = await request({ op: 'pollution' }, timeoutMs);
      return response !== 'timeout' && !('ended' in response) && response.ok
        ? (response.value as string[])
        : [];
    },
    close() {
      closing ??= (async () => {
        await request({ op: 'close' }, CLOSE_GRACE_MS);
        end('the driver was closed');
        await worker.terminate();
      })();
      return closing;
    },
  };
}
