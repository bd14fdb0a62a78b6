/**
 * The connection lifecycle of one upstream: connect, lose, reconnect with backoff, close.
 *
 * @module
 */
import type { Implementation, ServerCapabilities } from '@modelcontextprotocol/server';
import { CoreError } from '../errors.js';
import { classifyUpstreamError } from './classify-error.js';
import { quoteName } from './config-issues.js';
import type { UpstreamConfig } from './config-schema.js';
import {
  createConnection,
  type ListChangedKind,
  protocolOf,
  refusesLegacyHandshake,
  type UpstreamConnection,
} from './connection.js';
import { createReconnectGate } from './reconnect-gate.js';
import { explainStartFailure } from './start-failure.js';
import type { StartSlots } from './start-slots.js';
import type { ResolvedUpstreamOptions } from './upstream-options.js';
import { recordUpstreamConnectFailure, recordUpstreamReconnect } from './upstream-telemetry.js';
import type { UpstreamStatus } from './upstream-types.js';

/** A connection that completed `initialize`. */
export interface LiveConnection {
  readonly connection: UpstreamConnection;
  /** Whether it served at least one request: its loss is then not counted as a failure. */
  healthy: boolean;
}

/** What the server said about itself at the latest successful connect. */
export interface ServerDescription {
  capabilities: ServerCapabilities | undefined;
  info: Implementation | undefined;
  instructions: string | undefined;
  /** The protocol era the connection negotiated. */
  era: 'legacy' | 'modern';
}

/** The lifecycle's handle, used by the operations of an upstream. */
export interface UpstreamLifecycle {
  readonly status: UpstreamStatus;
  readonly pid: number | undefined;
  readonly described: ServerDescription | undefined;
  readonly closed: boolean;
  /** The live connection when there is one, without waiting, connecting or backing off. */
  readonly live: LiveConnection | undefined;
  /** The live connection, connecting (or joining an attempt) first; fails fast while backing off. */
  ensureReady(operation: string): Promise<LiveConnection>;
  /** Like `ensureReady`, but forgets past failures first (an explicit retry). */
  connect(): Promise<void>;
  /** Records that `live` served a request. */
  markHealthy(live: LiveConnection): void;
  /** Drops `live` after it failed as unavailable; the next operation reconnects. */
  drop(live: LiveConnection): void;
  /** The CLOSED error for an operation. */
  closedError(operation: string): CoreError;
  close(): Promise<void>;
}

/** An HTTP server's URL as an error may name it: without credentials, query or fragment. */
function endpointOf(url: string): string {
  const endpoint = new URL(url);
  endpoint.username = '';
  endpoint.password = '';
  endpoint.search = '';
  endpoint.hash = '';
  return endpoint.href;
}

const LIST_KINDS: readonly ListChangedKind[] = ['tools', 'resources', 'prompts'];

/**
 * Creates the lifecycle; `emit` hears list changes, including the refresh after a reconnect or
 * after the first connect that follows failed attempts. Each attempt waits for one of `slots`.
 *
 * A failed attempt schedules the next one in the background after the backoff delay (an
 * unreferenced timer, so it keeps no process alive), until one succeeds, the upstream gives up
 * (`reconnect.maxAttempts`) or closes: an upstream that misses its start comes up when its
 * server does, like one that crashed.
 */
export function createUpstreamLifecycle(
  name: string,
  config: UpstreamConfig,
  settings: ResolvedUpstreamOptions,
  emit: (kind: ListChangedKind) => void,
  slots: StartSlots,
): UpstreamLifecycle {
  const source = `upstream ${quoteName(name)}`;
  const gate = createReconnectGate(settings.reconnect);
  const openConnections = new Set<UpstreamConnection>();
  const closedConnections = new WeakSet<UpstreamConnection>();
  let status: UpstreamStatus = 'idle';
  let current: LiveConnection | undefined;
  /** The attempt under way; its connection exists once it has a start slot. */
  let attempt:
    | { readonly connection: UpstreamConnection | undefined; promise: Promise<LiveConnection> }
    | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let described: ServerDescription | undefined;
  /** Set once a stdio server without a `protocol` setting refused the 2025 handshake. */
  let speaksModern = false;
  /** Whether `error` is a refusal of the 2025 handshake that this upstream may answer by upgrading. */
  const refusedLegacy = (error: unknown) =>
    config.protocol === undefined && config.type === 'stdio' && refusesLegacyHandshake(error);
  let lastFailure: CoreError | undefined;
  let closing: Promise<void> | undefined;

  const closedError = (operation: string) =>
    new CoreError({
      code: 'CLOSED',
      message: `${source}: ${operation}: closed`,
      data: { upstream: name, operation },
    });

  function closeConnection(connection: UpstreamConnection): Promise<void> {
    return connection
      .close()
      .catch(() => {
        // Closing is best effort: the transport has already released what it could.
      })
      .finally(() => openConnections.delete(connection));
  }

  function recordFailure(error: CoreError | undefined): void {
    gate.recordFailure(Date.now());
    lastFailure = error;
    status = gate.gaveUp ? 'failed' : 'reconnecting';
  }

  /** Tries again in the background once the backoff delay after a failed attempt has passed. */
  function scheduleRetry(): void {
    const decision = gate.check(Date.now());
    if (
      closing !== undefined ||
      retryTimer !== undefined ||
      (!decision.allowed && decision.gaveUp)
    ) {
      return;
    }
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        if (!gate.check(Date.now()).allowed) {
          // The wall clock lagged the timer: wait out what is left.
          scheduleRetry();
          return;
        }
        // A failure records itself and schedules the next try.
        ensureReady('connect').catch(() => {});
      },
      decision.allowed ? 0 : decision.retryInMs,
    );
    retryTimer.unref();
  }

  function lose(live: LiveConnection): void {
    if (current !== live) {
      return;
    }
    current = undefined;
    if (live.healthy) {
      gate.reset();
      lastFailure = undefined;
      status = 'reconnecting';
    } else {
      recordFailure(undefined);
    }
  }

  async function establish(connection: UpstreamConnection): Promise<LiveConnection> {
    let failure: unknown;
    try {
      await connection.client.connect(connection.transport, { timeout: settings.connectTimeoutMs });
    } catch (error) {
      failure = error;
    }
    if (failure !== undefined && closing === undefined && refusedLegacy(failure) && !speaksModern) {
      // A 2026-07-28-only stdio server refused the 2025 handshake: speak its era from now on.
      speaksModern = true;
      await closeConnection(connection);
      return establish(openConnection());
    }
    if (closing !== undefined) {
      await closeConnection(connection);
      throw closedError('connect');
    }
    if (failure !== undefined || closedConnections.has(connection)) {
      await closeConnection(connection);
      const error = explainStartFailure(
        classifyUpstreamError(failure ?? new Error('Not connected'), {
          upstream: name,
          operation: 'connect',
          ...(config.type === 'http' ? { endpoint: endpointOf(config.url) } : {}),
        }),
        failure,
        config,
        connection,
      );
      recordFailure(error);
      recordUpstreamConnectFailure(name);
      scheduleRetry();
      throw error;
    }
    const live: LiveConnection = { connection, healthy: false };
    // After a reconnect, or a first connect that follows failed attempts, the lists are news.
    const wasDescribed = described !== undefined;
    const reconnected = wasDescribed || gate.failures > 0;
    const { client } = connection;
    described = {
      capabilities: client.getServerCapabilities(),
      info: client.getServerVersion(),
      instructions: client.getInstructions(),
      era: client.getProtocolEra() ?? 'legacy',
    };
    current = live;
    status = 'ready';
    if (reconnected) {
      if (wasDescribed) recordUpstreamReconnect(name);
      for (const kind of LIST_KINDS) {
        if (described.capabilities?.[kind] !== undefined) {
          emit(kind);
        }
      }
    }
    return live;
  }

  /** A new connection, registered, in the era this upstream speaks. */
  function openConnection(): UpstreamConnection {
    const protocol = speaksModern ? 'modern' : protocolOf(config);
    const connection: UpstreamConnection = createConnection(name, config, protocol, settings, {
      onListChanged: emit,
      onClose: () => {
        closedConnections.add(connection);
        if (current?.connection === connection) {
          lose(current);
        }
      },
    });
    openConnections.add(connection);
    return connection;
  }

  function startAttempt(): Promise<LiveConnection> {
    status = described === undefined && gate.failures === 0 ? 'connecting' : 'reconnecting';
    let connection: UpstreamConnection | undefined;
    const promise = slots
      .run(() => {
        if (closing !== undefined) {
          return Promise.reject(closedError('connect'));
        }
        connection = openConnection();
        return establish(connection);
      })
      .finally(() => {
        if (attempt?.promise === promise) {
          attempt = undefined;
        }
      });
    attempt = {
      get connection() {
        return connection;
      },
      promise,
    };
    return promise;
  }

  /** The error of an operation refused while backing off, keeping a non-retryable cause's code. */
  function backingOff(operation: string, what: string, data: Record<string, unknown>): CoreError {
    const keep = lastFailure !== undefined && !lastFailure.retryable ? lastFailure : undefined;
    const last = lastFailure === undefined ? '' : ` (last attempt: ${lastFailure.code})`;
    return new CoreError({
      code: keep?.code ?? 'UNAVAILABLE',
      message: `${source}: ${operation}: not connected${last}; ${what}`,
      data: {
        upstream: name,
        operation,
        ...data,
        ...(lastFailure === undefined ? {} : { lastErrorCode: lastFailure.code }),
      },
      ...(gate.gaveUp ? { retryable: false } : {}),
      ...(keep === undefined ? {} : { cause: keep }),
    });
  }

  function ensureReady(operation: string): Promise<LiveConnection> {
    if (closing !== undefined) {
      return Promise.reject(closedError(operation));
    }
    if (current !== undefined) {
      return Promise.resolve(current);
    }
    if (attempt !== undefined) {
      return attempt.promise;
    }
    const decision = gate.check(Date.now());
    if (decision.allowed) {
      return startAttempt();
    }
    return Promise.reject(
      decision.gaveUp
        ? backingOff(
            operation,
            `gave up after ${decision.failures} failed attempts; call connect() to try again`,
            { failures: decision.failures },
          )
        : backingOff(operation, `next reconnect in ${decision.retryInMs} ms`, {
            retryInMs: decision.retryInMs,
          }),
    );
  }

  return {
    get status() {
      return status;
    },
    get pid() {
      return current?.connection.pid ?? attempt?.connection?.pid;
    },
    get described() {
      return described;
    },
    get closed() {
      return closing !== undefined;
    },
    get live() {
      return closing === undefined ? current : undefined;
    },
    ensureReady,
    async connect() {
      if (current === undefined && attempt === undefined) {
        gate.reset();
      }
      await ensureReady('connect');
    },
    markHealthy(live) {
      if (current === live) {
        live.healthy = true;
        gate.reset();
        lastFailure = undefined;
      }
    },
    drop(live) {
      if (current === live) {
        lose(live);
        void closeConnection(live.connection);
      }
    },
    closedError,
    close() {
      if (closing === undefined) {
        status = 'closed';
        current = undefined;
        clearTimeout(retryTimer);
        retryTimer = undefined;
        closing = Promise.all([...openConnections].map(closeConnection)).then(() => undefined);
      }
      return closing;
    },
  };
}
