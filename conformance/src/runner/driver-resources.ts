/**
 * What the checks of one driver target share: the loaded driver (reloaded after it hung or
 * crashed) and memoized values.
 *
 * @module
 */

import { z } from 'zod';
import type { DriverCheckContext, DriverUnderTest } from '../driver/driver-check.js';
import { type DriverHost, startDriverHost } from '../driver/driver-host.js';
import { type ProbeCall, ProbeCallSchema } from '../driver/driver-module.js';
import type { DriverTargetDefinition } from '../driver/driver-target.js';
import { ConformanceError, describeError } from '../errors.js';
import type { CheckScope } from './target-resources.js';

/** The shortest time a driver module gets to load and build its driver, in milliseconds. */
const LOAD_TIMEOUT_MS = 30_000;

/** How long the pollution probe may take, in milliseconds. */
const POLLUTION_TIMEOUT_MS = 2_000;

function probeCallsOf(target: DriverTargetDefinition, exported: unknown): readonly ProbeCall[] {
  if (target.probeCalls !== undefined) return target.probeCalls;
  if (exported === undefined) return [];
  const parsed = z.array(ProbeCallSchema).safeParse(exported);
  if (!parsed.success) {
    throw new ConformanceError({
      code: 'TARGET_START_FAILED',
      message: `the driver module's probeCalls export is invalid: ${describeError(parsed.error)}`,
    });
  }
  return parsed.data;
}

/** The shared state of one driver target's run. */
export class DriverResources {
  private host: Promise<DriverHost> | undefined;
  private readonly hosts: Promise<DriverHost>[] = [];
  private readonly memos = new Map<string, Promise<unknown>>();

  constructor(
    private readonly target: DriverTargetDefinition,
    private readonly timeoutMs: number,
  ) {}

  /** The loaded driver, (re)started when there is none alive. */
  async driver(defaultCallTimeoutMs: number = this.timeoutMs): Promise<DriverUnderTest> {
    let host = this.host === undefined ? undefined : await this.host.catch(() => undefined);
    if (host === undefined || !host.alive) {
      const starting = startDriverHost({
        moduleUrl: this.target.module.url,
        options: this.target.module.options,
        // Building a driver may spawn its bridge; on a busy machine that takes a while.
        timeoutMs: Math.max(this.timeoutMs, LOAD_TIMEOUT_MS),
      });
      this.host = starting;
      this.hosts.push(starting);
      host = await starting;
    }
    const live = host;
    const probeCalls = probeCallsOf(this.target, live.snapshot.probeCalls);
    return {
      meta: live.snapshot.meta,
      specVersion: live.snapshot.specVersion,
      methods: live.snapshot.methods,
      probeCalls,
      call: (method, args, options = {}) =>
        live.call(method, args, {
          timeoutMs: options.timeoutMs ?? defaultCallTimeoutMs,
          ...(options.collect === undefined ? {} : { collect: options.collect }),
        }),
      pollutedKeys: () => live.pollutedKeys(POLLUTION_TIMEOUT_MS),
      discard: () => live.close(),
    };
  }

  /** A context for one check within `scope`. */
  contextFor(scope: CheckScope, timeoutMs: number): DriverCheckContext {
    return {
      target: { name: this.target.name, kind: 'driver', module: this.target.module },
      timeoutMs,
      signal: scope.signal,
      // A call may take most of the check's time, leaving a margin to report a timeout.
      driver: () => this.driver(Math.max(1, timeoutMs - 250)),
      memo: (key, compute) => this.memo(key, compute),
    };
  }

  /** The memoized value of `key`, computed by the first caller. */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let value = this.memos.get(key);
    if (value === undefined) {
      value = compute();
      this.memos.set(key, value);
    }
    return value as Promise<T>;
  }

  /** After a check that timed out, ends the driver it may have left hanging. */
  closeLater(scope: CheckScope): void {
    if (scope.signal.aborted) {
      void this.host?.then((host) => host.close()).catch(() => undefined);
      this.host = undefined;
    }
  }

  /** Closes every driver this target loaded. */
  async close(): Promise<void> {
    await Promise.all(
      this.hosts.map((host) => host.then((started) => started.close()).catch(() => undefined)),
    );
  }
}
