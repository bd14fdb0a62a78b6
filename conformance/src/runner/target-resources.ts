/**
 * What the checks of one target share: the SDK client, the shared raw session and memoized
 * values, each created on first use and released when the target is done.
 *
 * @module
 */

import type { Client } from '@modelcontextprotocol/client';
import type { CheckContext, OpenSessionOptions, TargetDescription } from '../check.js';
import { ConformanceError, describeError } from '../errors.js';
import { openRawSession } from '../session/open-session.js';
import type { RawSession } from '../session/raw-session.js';
import { connectClient } from '../session/sdk-client.js';
import { mergeHeaders } from '../session/standard-headers.js';
import type { TargetTransport } from '../target.js';

/** The sessions one check opened; the runner closes them when the check ends. */
export class CheckScope {
  private readonly sessions: RawSession[] = [];
  private readonly controller = new AbortController();

  /** Aborted when the check times out. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Registers a session to close with the scope. */
  track(session: RawSession): void {
    this.sessions.push(session);
  }

  /** Aborts the signal (the check timed out). */
  abort(): void {
    this.controller.abort();
  }

  /** Closes every tracked session. */
  async close(): Promise<void> {
    await Promise.all(this.sessions.map((session) => session.close().catch(() => undefined)));
  }
}

/** The shared state of one target's run. */
export class TargetResources {
  private clientPromise: Promise<Client> | undefined;
  private sessionPromise: Promise<RawSession> | undefined;
  private readonly memos = new Map<string, Promise<unknown>>();
  private readonly opened: RawSession[] = [];
  private readonly closing: Promise<void>[] = [];

  constructor(
    readonly description: TargetDescription,
    private readonly transport: TargetTransport,
    private readonly timeoutMs: number,
  ) {}

  /** The shared SDK client, connected on first use. */
  client(): Promise<Client> {
    this.clientPromise ??= connectClient(
      this.transport,
      this.timeoutMs,
      this.description.era,
    ).catch((error: unknown) => {
      throw new ConformanceError({
        code: 'PROTOCOL',
        message: `the SDK client could not connect: ${describeError(error)}`,
        cause: error,
      });
    });
    return this.clientPromise;
  }

  /** The shared raw session, initialized on first use. */
  session(): Promise<RawSession> {
    this.sessionPromise ??= this.open({ initialize: true });
    return this.sessionPromise;
  }

  /** Opens a new raw session, tracked by `scope` when given (else closed with the target). */
  async open(options: OpenSessionOptions, scope?: CheckScope): Promise<RawSession> {
    const session = openRawSession(
      withHeaders(this.transport, options.headers),
      this.description.era,
    );
    if (scope === undefined) this.opened.push(session);
    else scope.track(session);
    if (options.initialize !== false) {
      const what = this.description.era === 'modern' ? 'server/discover' : 'initialize';
      await withTimeout(session.initialize(), this.timeoutMs, what);
    }
    return session;
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

  /** A context for one check (or one detection) within `scope`. */
  contextFor(scope: CheckScope, timeoutMs: number): CheckContext {
    return {
      target: this.description,
      timeoutMs,
      signal: scope.signal,
      client: () => this.client(),
      session: () => this.session(),
      openSession: (options = {}) => this.open(options, scope),
      memo: (key, compute) => this.memo(key, compute),
    };
  }

  /** Closes the sessions of a finished check's scope without waiting; {@link close} waits. */
  closeLater(scope: CheckScope): void {
    this.closing.push(scope.close());
  }

  /** Closes the client and every session of the target. */
  async close(): Promise<void> {
    const client = this.clientPromise?.then((connected) => connected.close());
    await Promise.all([
      client?.catch(() => undefined),
      ...this.opened.map((session) => session.close().catch(() => undefined)),
      ...this.closing,
    ]);
  }
}

/** `transport` with `headers` replacing its own of the same name (HTTP only). */
function withHeaders(
  transport: TargetTransport,
  headers: Readonly<Record<string, string>> | undefined,
): TargetTransport {
  if (headers === undefined || transport.kind !== 'http') return transport;
  return { ...transport, headers: mergeHeaders(transport.headers ?? {}, headers) };
}

/** Rejects with a `TIMEOUT` error when `promise` takes longer than `milliseconds`. */
export async function withTimeout<T>(
  promise: Promise<T>,
  milliseconds: number,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ConformanceError({
            code: 'TIMEOUT',
            message: `no answer to ${what} within ${milliseconds} ms`,
          }),
        ),
      milliseconds,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
