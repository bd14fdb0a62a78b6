/**
 * The autostart companion (mcs §6): launch a driver's bridge from its metadata, wait until it
 * is healthy, hand back the endpoint, stop it on close.
 *
 * @module
 */

import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import type { DriverMetaInput } from '../driver-meta.js';
import { McsError } from '../errors.js';
import {
  type BridgeLaunch,
  type BridgeLaunchInput,
  BridgeLaunchSchema,
  fillPlaceholders,
} from './bridge-launch.js';
import { DEFAULT_CONTAINER_RUNTIMES, findContainerRuntime } from './container-runtime.js';
import { probeHealth } from './health.js';
import { type LaunchedProcess, launchProcess, type SpawnRequest } from './launched-process.js';

const execFileAsync = promisify(execFile);

/** The host every bridge is bound to and reached on. */
const HOST = '127.0.0.1';

/** Options of {@link startBridge}. */
export interface StartBridgeOptions {
  /** Container runtimes to try, in order; defaults to `docker`, then `podman`. */
  containerRuntimes?: readonly string[];
  /** Aborts the start; the bridge is stopped and the start rejects with `CANCELLED`. */
  signal?: AbortSignal;
}

/** A bridge that was launched and found healthy. */
export interface RunningBridge {
  /** Where the bridge answers: the metadata's `endpoint` with host and port filled in. */
  readonly endpoint: string;
  /** The host port. */
  readonly port: number;
  /** How it runs: `command`, or `container` (with the runtime used). */
  readonly mode: 'command' | 'container';
  /** The launched process: the command, or the runtime's `run` client. */
  readonly pid: number;
  /** The container's name, in `container` mode. */
  readonly containerName: string | undefined;
  /** The last characters of the bridge's output. */
  output(): string;
  /** Stops the bridge and everything it started; idempotent. */
  close(): Promise<void>;
}

function autostartFailed(
  reason: 'spawn' | 'exited' | 'unhealthy',
  message: string,
  output: string,
  cause?: unknown,
): McsError {
  return new McsError({
    code: 'AUTOSTART_FAILED',
    message,
    data: { reason, output },
    ...(cause === undefined ? {} : { cause }),
  });
}

/** A free port on 127.0.0.1, as the system hands one out. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function fillAll(values: Record<string, string>, texts: readonly string[]): string[] {
  return texts.map((text) => fillPlaceholders(text, values));
}

function fillEnvironment(
  values: Record<string, string>,
  env: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, fillPlaceholders(value, values)]),
  );
}

async function planLaunch(
  launch: BridgeLaunch,
  port: number,
  options: StartBridgeOptions,
): Promise<{ request: SpawnRequest; mode: 'command' | 'container'; containerName?: string }> {
  const hostValues = { host: HOST, port: String(port) };
  if (launch.container !== undefined) {
    const { runtime, probes } = await findContainerRuntime(
      options.containerRuntimes ?? DEFAULT_CONTAINER_RUNTIMES,
    );
    if (runtime !== undefined) {
      const container = launch.container;
      const inside = { host: '0.0.0.0', port: String(container.port) };
      const containerName = `x-mcs-bridge-${randomBytes(6).toString('hex')}`;
      const environment = Object.entries(fillEnvironment(inside, container.env)).flatMap(
        ([name, value]) => ['--env', `${name}=${value}`],
      );
      return {
        mode: 'container',
        containerName,
        request: {
          command: runtime,
          args: [
            'run',
            '--rm',
            '--name',
            containerName,
            '--publish',
            `${HOST}:${port}:${container.port}`,
            ...environment,
            container.image,
            ...fillAll(inside, container.args),
          ],
          env: {},
          // The container outlives a killed client: remove it on the way out too.
          onHostExit: () => {
            spawnSync(runtime, ['rm', '--force', containerName], {
              stdio: 'ignore',
              timeout: 5_000,
            });
          },
        },
      };
    }
    if (launch.command === undefined) {
      throw new McsError({
        code: 'CONTAINER_RUNTIME_UNAVAILABLE',
        message: `the bridge needs a container runtime and none is usable (${probes
          .map((probe) => `${probe.runtime}: ${probe.detail}`)
          .join('; ')})`,
        data: { probes },
      });
    }
  }
  const command = launch.command as NonNullable<BridgeLaunch['command']>;
  return {
    mode: 'command',
    request: {
      command: command.command,
      args: fillAll(hostValues, command.args),
      env: fillEnvironment(hostValues, command.env),
      cwd: command.cwd,
    },
  };
}

function delay(milliseconds: number, stop: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, milliseconds);
    }),
    stop.then(() => undefined),
  ]).finally(() => clearTimeout(timer));
}

async function waitUntilHealthy(
  launch: BridgeLaunch,
  launched: LaunchedProcess,
  target: Parameters<typeof probeHealth>[1],
  signal: AbortSignal | undefined,
): Promise<void> {
  const deadline = Date.now() + launch.startTimeoutMs;
  const aborted = new Promise<void>((resolve) => {
    if (signal?.aborted === true) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  let pause = 25;
  for (;;) {
    if (signal?.aborted === true) {
      throw new McsError({ code: 'CANCELLED', message: 'the bridge start was aborted' });
    }
    if (launched.hasExited()) {
      const status = await launched.exited;
      throw autostartFailed(
        'exited',
        `the bridge exited (${status}) before it was healthy`,
        launched.output(),
      );
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw autostartFailed(
        'unhealthy',
        `the bridge was not healthy (${launch.health.type}) within ${launch.startTimeoutMs} ms`,
        launched.output(),
      );
    }
    if (await probeHealth(launch.health, target, Math.min(remaining, 2_000))) return;
    await delay(
      Math.min(pause, Math.max(deadline - Date.now(), 0)),
      Promise.race([launched.exited, aborted]),
    );
    pause = Math.min(pause * 2, 250);
  }
}

/**
 * Launches a bridge from its autostart metadata and resolves once it is healthy.
 *
 * Chooses the container when the metadata has one and a runtime's engine answers (`docker
 * version` / `podman info`; a client without an engine does not count), else the command. The
 * command runs in its own process group: {@link RunningBridge.close} sends `SIGTERM` to the
 * group, then `SIGKILL` after `stopTimeoutMs`, so nothing it started survives; a container is
 * stopped with its runtime. If this process exits with bridges still running, they are
 * killed on the way out. On any failure the bridge is stopped before the error is thrown.
 *
 * @example
 * ```ts
 * const bridge = await startBridge({
 *   command: { command: 'x-mcs', args: ['serve-demo', '--port', '{port}'] },
 *   endpoint: 'http://{host}:{port}/v1',
 *   health: { type: 'http', url: 'http://{host}:{port}/v1/health' },
 * });
 * try {
 *   const driver = await createOpenApiDriver({ document: `${bridge.endpoint}/openapi.yaml`, baseUrl: bridge.endpoint });
 * } finally {
 *   await bridge.close();
 * }
 * ```
 * @throws McsError `CONFIG_INVALID` for bad metadata, `CONTAINER_RUNTIME_UNAVAILABLE`,
 *   `AUTOSTART_FAILED` (`data.reason`: `spawn`, `exited`, `unhealthy`) or `CANCELLED`.
 * @see mcs §6
 */
export async function startBridge(
  launchInput: BridgeLaunchInput,
  options: StartBridgeOptions = {},
): Promise<RunningBridge> {
  const parsed = BridgeLaunchSchema.safeParse(launchInput);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new McsError({
      code: 'CONFIG_INVALID',
      message: `autostart metadata is invalid${issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`}: ${issue?.message ?? 'unknown issue'}`,
    });
  }
  const launch = parsed.data;
  const port = launch.port === 'auto' ? await freePort() : launch.port;
  const plan = await planLaunch(launch, port, options);
  const values = { host: HOST, port: String(port) };
  const endpoint = fillPlaceholders(launch.endpoint, values);
  let launched: LaunchedProcess;
  try {
    launched = await launchProcess(plan.request);
  } catch (error) {
    throw autostartFailed(
      'spawn',
      `the bridge could not be started: ${(error as Error).message}`,
      '',
      error,
    );
  }
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      if (plan.mode === 'container' && plan.containerName !== undefined && !launched.hasExited()) {
        await execFileAsync(
          plan.request.command,
          ['stop', '--time', String(Math.ceil(launch.stopTimeoutMs / 1000)), plan.containerName],
          { timeout: launch.stopTimeoutMs + 5_000 },
        ).catch(() => undefined);
      }
      await launched.stop(launch.stopTimeoutMs);
    })();
    return closing;
  };
  try {
    await waitUntilHealthy(
      launch,
      launched,
      {
        host: HOST,
        port,
        endpoint,
        healthUrl:
          launch.health.type === 'http'
            ? fillPlaceholders(launch.health.url, { ...values, endpoint })
            : undefined,
      },
      options.signal,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return {
    endpoint,
    port,
    mode: plan.mode,
    pid: launched.pid,
    containerName: plan.containerName,
    output: () => launched.output(),
    close,
  };
}

/**
 * Launches the bridge described by a driver's metadata (`meta.autostart`).
 *
 * @throws McsError `CONFIG_INVALID` when the metadata has no `autostart`; otherwise as
 *   {@link startBridge}.
 * @see mcs §6
 */
export function startBridgeFromMeta(
  meta: Pick<DriverMetaInput, 'autostart'>,
  options: StartBridgeOptions = {},
): Promise<RunningBridge> {
  if (meta.autostart === undefined) {
    return Promise.reject(
      new McsError({
        code: 'CONFIG_INVALID',
        message: 'the driver metadata has no autostart entry',
      }),
    );
  }
  return startBridge(meta.autostart, options);
}
