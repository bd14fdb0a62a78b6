/**
 * Options of {@link createUpstream} and {@link createUpstreamPool}, and their defaults.
 *
 * @module
 */
import type { Implementation } from '@modelcontextprotocol/server';
import { CoreError } from '../errors.js';
import type { ToolScreen } from './tool-screen.js';

/** How a lost upstream is reconnected; see {@link createUpstream} for the policy. */
export interface ReconnectOptions {
  /** Delay after the first failure before the next attempt may start. Default 500 ms. */
  initialDelayMs: number;
  /** Cap of the delay, which doubles with each consecutive failure. Default 30 000 ms. */
  maxDelayMs: number;
  /** Consecutive failures after which the upstream gives up (status `failed`). Default 8. */
  maxAttempts: number;
}

/** What to do with a stdio server's standard error. */
export type StderrMode = 'ignore' | 'inherit' | 'pipe';

/** Options shared by every upstream of {@link createUpstream} and {@link createUpstreamPool}. */
export interface UpstreamOptions {
  /** How we introduce ourselves in `initialize`. Default `{ name: '@x/core', version: '0.1.0' }`. */
  clientInfo?: Implementation;
  /** Reconnection policy; missing fields take their defaults. */
  reconnect?: Partial<ReconnectOptions>;
  /** Timeout of each operation when neither the call nor the config sets one. Default 60 000 ms. */
  defaultTimeoutMs?: number;
  /** Timeout of `initialize` (spawn included). Default 30 000 ms. */
  connectTimeoutMs?: number;
  /** A stdio server's stderr: passed through (`inherit`, the default), dropped, or piped. */
  stderr?: StderrMode;
  /** With `stderr: 'pipe'`, receives the text; without it piped text is drained and dropped. */
  onStderr?: (text: string, upstream: string) => void;
  /** Most pages one listing may take before it fails as a runaway cursor. Default 100. */
  maxPages?: number;
  /**
   * How long closing waits for a stdio server to exit after its stdin closes before sending
   * SIGTERM (the SDK then sends SIGKILL if it still runs 2 s later). Default 2 000 ms.
   */
  closeGraceMs?: number;
  /**
   * The largest message read from a server (stdio or HTTP), in bytes, when its entry sets no
   * `maxMessageBytes`. Default 64 MiB. A larger answer fails its one request with
   * `UPSTREAM_ERROR` (`data.reason: 'RESULT_TOO_LARGE'`); the connection stays up.
   */
  maxMessageBytes?: number;
  /**
   * How many upstreams of one pool connect at once (spawn and `initialize`); the others wait
   * for a free slot before their `connectTimeoutMs` starts, so a large configuration does not
   * starve its slow starters. A positive integer or `Infinity`. Default 4.
   */
  maxParallelStarts?: number;
  /**
   * A gate after `include` / `exclude`: each tool listing passes through `screen`, and a call
   * to a tool it holds back fails as a hidden tool would. `@x/core/integrity` provides one that
   * quarantines changed or poisoned tools. Default: none.
   */
  toolScreen?: ToolScreen;
}

/** The default of {@link UpstreamOptions.maxParallelStarts}. */
export const DEFAULT_MAX_PARALLEL_STARTS = 4;

/** {@link UpstreamOptions} with every default filled in. */
export interface ResolvedUpstreamOptions {
  clientInfo: Implementation;
  reconnect: ReconnectOptions;
  defaultTimeoutMs: number;
  connectTimeoutMs: number;
  stderr: StderrMode;
  onStderr: ((text: string, upstream: string) => void) | undefined;
  maxPages: number;
  closeGraceMs: number;
  maxMessageBytes: number;
  maxParallelStarts: number;
  toolScreen: ToolScreen | undefined;
}

/** The default largest message read from an upstream server, stdio or HTTP (64 MiB). */
export const DEFAULT_UPSTREAM_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** The highest `maxMessageBytes` accepted (512 MiB, below what one string can hold). */
export const MAX_UPSTREAM_MESSAGE_BYTES = 512 * 1024 * 1024;
/** The lowest `maxMessageBytes` accepted (1 KiB). */
export const MIN_UPSTREAM_MESSAGE_BYTES = 1024;

const MAX_TIMER_MS = 2_147_483_647;

function checkCount(name: string, value: number, minimum: number, allowInfinity: boolean): number {
  const valid =
    (Number.isInteger(value) && value >= minimum && value <= MAX_TIMER_MS) ||
    (allowInfinity && value === Number.POSITIVE_INFINITY);
  if (!valid) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `upstream option ${name} must be an integer from ${minimum} to ${MAX_TIMER_MS}${allowInfinity ? ' or Infinity' : ''}`,
      data: { option: name },
    });
  }
  return value;
}

/** Checks a timeout given by a caller: a positive integer a timer can hold. */
export function checkTimeoutMs(name: string, value: number): number {
  return checkCount(name, value, 1, false);
}

function checkMessageBytes(value: number): number {
  if (
    !Number.isInteger(value) ||
    value < MIN_UPSTREAM_MESSAGE_BYTES ||
    value > MAX_UPSTREAM_MESSAGE_BYTES
  ) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `upstream option maxMessageBytes must be an integer from ${MIN_UPSTREAM_MESSAGE_BYTES} to ${MAX_UPSTREAM_MESSAGE_BYTES}`,
      data: { option: 'maxMessageBytes' },
    });
  }
  return value;
}

/** Fills in defaults and rejects out-of-range numbers with `INVALID_ARGUMENT`. */
export function resolveUpstreamOptions(options: UpstreamOptions = {}): ResolvedUpstreamOptions {
  const reconnect = options.reconnect ?? {};
  const initialDelayMs = checkCount(
    'reconnect.initialDelayMs',
    reconnect.initialDelayMs ?? 500,
    0,
    false,
  );
  const maxDelayMs = checkCount('reconnect.maxDelayMs', reconnect.maxDelayMs ?? 30_000, 0, false);
  return {
    clientInfo: options.clientInfo ?? { name: '@x/core', version: '0.1.0' },
    reconnect: {
      initialDelayMs,
      maxDelayMs: Math.max(maxDelayMs, initialDelayMs),
      maxAttempts: checkCount('reconnect.maxAttempts', reconnect.maxAttempts ?? 8, 1, true),
    },
    defaultTimeoutMs: checkTimeoutMs('defaultTimeoutMs', options.defaultTimeoutMs ?? 60_000),
    connectTimeoutMs: checkTimeoutMs('connectTimeoutMs', options.connectTimeoutMs ?? 30_000),
    stderr: options.stderr ?? 'inherit',
    onStderr: options.onStderr,
    maxPages: checkCount('maxPages', options.maxPages ?? 100, 1, false),
    closeGraceMs: checkCount('closeGraceMs', options.closeGraceMs ?? 2_000, 0, false),
    maxMessageBytes: checkMessageBytes(
      options.maxMessageBytes ?? DEFAULT_UPSTREAM_MAX_MESSAGE_BYTES,
    ),
    maxParallelStarts: checkCount(
      'maxParallelStarts',
      options.maxParallelStarts ?? DEFAULT_MAX_PARALLEL_STARTS,
      1,
      true,
    ),
    toolScreen: options.toolScreen,
  };
}
