/**
 * Opening, classifying and closing the `ioredis` connection behind the Redis session store.
 *
 * `ioredis` is loaded with a dynamic `import()` on first use, so code that only uses the
 * in-memory store never loads it.
 *
 * @module
 */

import type { Redis } from 'ioredis';
import { CoreError } from '../errors.js';

/** What {@link openRedisConnection} needs. */
export interface RedisConnectionOptions {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://...`. */
  url: string;
  /** Bound on establishing the connection, in milliseconds. */
  connectTimeoutMs: number;
  /** Bound on every command, in milliseconds. */
  commandTimeoutMs: number;
  /**
   * Told about the first connection error of each outage after the first connection, naming
   * the address (they also fail the commands they hit).
   */
  onError: (error: CoreError) => void;
}

/** Where the connection goes, without credentials, for messages. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'the configured Redis URL';
  }
}

/**
 * Connects to Redis and waits until it answers.
 *
 * The client never queues commands while disconnected and never resends a command after a
 * reconnection: a command fails at once with `UNAVAILABLE` while Redis is away, or with `TIMEOUT`
 * after `commandTimeoutMs`, and the client keeps reconnecting in the background (every 100 ms to
 * 1 s), so the store serves again as soon as Redis is back.
 *
 * @throws CoreError `UNAVAILABLE` when Redis cannot be reached within `connectTimeoutMs`,
 *   `CONFIG_INVALID` when the URL is not a Redis URL.
 */
export async function openRedisConnection(options: RedisConnectionOptions): Promise<Redis> {
  const where = describeRedisUrl(options.url);
  let protocol: string;
  try {
    protocol = new URL(options.url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message: 'The session store URL must start with redis:// or rediss://.',
    });
  }
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(options.url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1000),
  });
  let connected = false;
  // One report per outage: the client retries every 100 ms to 1 s and fails each attempt.
  let reported = false;
  client.on('ready', () => {
    reported = false;
  });
  client.on('error', (error: unknown) => {
    if (!connected || reported) return;
    reported = true;
    options.onError(toLoggedStoreError(error, where));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new CoreError({
            code: 'UNAVAILABLE',
            message: `Redis at ${where} did not answer within ${options.connectTimeoutMs} ms.`,
            data: { url: where },
          }),
        ),
      options.connectTimeoutMs,
    );
  });
  try {
    await Promise.race([client.connect(), timeout]);
    connected = true;
    return client;
  } catch (error) {
    client.disconnect();
    throw CoreError.isInstance(error)
      ? error
      : new CoreError({
          code: 'UNAVAILABLE',
          message: `Cannot connect to Redis at ${where}.`,
          data: { url: where },
          cause: error,
        });
  } finally {
    clearTimeout(timer);
  }
}

/** What went wrong with a command, as {@link toStoreError} and {@link toLoggedStoreError} word it. */
type StoreFailure = 'TIMEOUT' | 'UPSTREAM_ERROR' | 'UNAVAILABLE';

function classifyStoreError(error: unknown): StoreFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (/timed out/i.test(message)) return 'TIMEOUT';
  if (error instanceof Error && error.name === 'ReplyError') return 'UPSTREAM_ERROR';
  return 'UNAVAILABLE';
}

/** Caller-safe messages: they name no backend, address or credential. */
const CALLER_MESSAGES: Readonly<Record<StoreFailure, string>> = {
  TIMEOUT: 'The session store did not answer in time.',
  UPSTREAM_ERROR: 'The session store refused a command.',
  UNAVAILABLE: 'The session store is unavailable.',
};

/**
 * Turns what `ioredis` throws into a `CoreError` a caller may read: `TIMEOUT` for a command
 * past its bound, `UPSTREAM_ERROR` for an error reply of Redis itself, `UNAVAILABLE` for a
 * lost or refused connection. The message names no address (errors reach MCP clients through
 * the packages' boundaries); the `ioredis` error stays as `cause` for this process's logs.
 */
export function toStoreError(error: unknown): CoreError {
  if (CoreError.isInstance(error)) return error;
  const code = classifyStoreError(error);
  return new CoreError({ code, message: CALLER_MESSAGES[code], cause: error });
}

/**
 * The same as {@link toStoreError}, worded for the server's log: it names the Redis address
 * `where` (without credentials) and, for an error reply, its first line.
 */
export function toLoggedStoreError(error: unknown, where: string): CoreError {
  if (CoreError.isInstance(error)) return error;
  const code = classifyStoreError(error);
  const reply = error instanceof Error ? (error.message.split('\n', 1)[0] ?? '') : '';
  const messages: Record<StoreFailure, string> = {
    TIMEOUT: `Redis at ${where} did not answer in time.`,
    UPSTREAM_ERROR: `Redis at ${where} refused a command: ${reply}`,
    UNAVAILABLE: `Redis at ${where} is unavailable.`,
  };
  return new CoreError({ code, message: messages[code], data: { url: where }, cause: error });
}

/** Closes the connection politely (QUIT), or at once if Redis does not answer within `timeoutMs`. */
export async function closeRedisConnection(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.quit().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}
