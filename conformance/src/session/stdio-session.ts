/**
 * A raw session with a server process over stdio: one JSON-RPC message per line.
 *
 * @module
 */

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Era } from '../era/era.js';
import { ConformanceError } from '../errors.js';
import type { StdioTransportConfig } from '../target.js';
import { excerpt, isRecord, isValidJsonRpcMessage } from './json-rpc.js';
import { BaseRawSession, type RawSendResult, sessionClosedError } from './raw-session.js';
import { StderrTail } from './stderr-tail.js';

/** How long a server gets to exit after its stdin closes, and again after SIGTERM. */
const EXIT_GRACE_MS = 1000;

/** Starts the server process and returns a session over its stdin and stdout, in `era`. */
export function openStdioSession(
  config: StdioTransportConfig,
  era: Era = 'legacy',
): BaseRawSession {
  return new StdioRawSession(config, era);
}

class StdioRawSession extends BaseRawSession {
  readonly kind = 'stdio';
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly stderr = new StderrTail();
  private readonly exited: Promise<void>;

  constructor(config: StdioTransportConfig, era: Era) {
    super(era);
    this.child = spawn(config.command, [...config.args], {
      env: { ...inheritedEnvironment(), ...config.env },
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.exited = once(this.child, 'close').then(
      ([code, signal]) => this.onExit(code as number | null, signal as string | null),
      () => undefined,
    );
    this.child.on('error', (error) =>
      this.fail(
        new ConformanceError({
          code: 'TARGET_EXITED',
          message: `cannot start ${config.command}: ${error.message}`,
          cause: error,
        }),
      ),
    );
    this.child.stdin.on('error', () => undefined);
    this.stderr.attach(this.child.stderr);
    createInterface({ input: this.child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on(
      'line',
      (line) => this.onLine(line),
    );
  }

  protected async transmit(text: string): Promise<RawSendResult> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      throw this.exitError(this.child.exitCode, this.child.signalCode);
    }
    this.child.stdin.write(`${text}\n`);
    return {};
  }

  async close(): Promise<void> {
    const running = () => this.child.exitCode === null && this.child.signalCode === null;
    if (running() && this.child.pid !== undefined) {
      this.child.stdin.end();
      if (!(await settlesWithin(this.exited, EXIT_GRACE_MS))) {
        this.child.kill('SIGTERM');
        if (!(await settlesWithin(this.exited, EXIT_GRACE_MS))) this.child.kill('SIGKILL');
      }
    }
    await this.exited;
    this.fail(sessionClosedError());
  }

  private onLine(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.invalidLines.push(line);
      return;
    }
    if (!isValidJsonRpcMessage(parsed)) this.invalidLines.push(line);
    if (isRecord(parsed)) this.deliver(parsed);
  }

  private onExit(code: number | null, signal: string | null): void {
    this.fail(this.exitError(code, signal));
  }

  private exitError(code: number | null, signal: string | null): ConformanceError {
    const how = signal === null ? `with code ${code}` : `on ${signal}`;
    const stderr = this.stderr.lastLine();
    return new ConformanceError({
      code: 'TARGET_EXITED',
      message: `the server process exited ${how}${stderr === undefined ? '' : ` (stderr: ${excerpt(stderr, 160)})`}`,
      data: { code, signal },
    });
  }
}

/** The parent's environment without unset entries, for child processes. */
export function inheritedEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}

async function settlesWithin(promise: Promise<void>, milliseconds: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), milliseconds);
  });
  try {
    return await Promise.race([promise.then(() => true as const), elapsed]);
  } finally {
    clearTimeout(timer);
  }
}
