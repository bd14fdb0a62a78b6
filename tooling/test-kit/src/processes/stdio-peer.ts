/**
 * A raw JSON-RPC peer of a server spawned over stdio, for tests that need the process itself:
 * its pid, its stdin to close, its exit.
 *
 * @module
 */

import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

/** A JSON-RPC message as it came off the wire. */
export type WireMessage = {
  jsonrpc: '2.0';
  id?: number | string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

/** How a process exited. */
export interface ProcessExit {
  /** Its exit code, `null` when a signal ended it. */
  code: number | null;
  /** The signal that ended it, if any. */
  signal: NodeJS.Signals | null;
}

/** A raw JSON-RPC peer of a server spawned over stdio. */
export interface StdioPeer {
  /** The server process. */
  child: ChildProcessByStdio<Writable, Readable, null>;
  /** Resolves when the server process exits. */
  exited: Promise<ProcessExit>;
  /** Sends a request; resolves with its answer (never rejects: an error answer is a message). */
  request(method: string, params?: Record<string, unknown>): Promise<WireMessage>;
  /** Writes one raw line (a newline is added), for input no well-behaved client sends. */
  sendLine(text: string): void;
  /** Resolves with the answer to `id`; call it before the line that asks is sent. */
  answerTo(id: number | string): Promise<WireMessage>;
  /** Sends a notification. */
  notify(method: string, params?: Record<string, unknown>): void;
  /** The 2025-11-25 handshake: `initialize`, then `notifications/initialized`. */
  initialize(): Promise<WireMessage>;
  /** Ends the server's stdin, as a client that goes away does. */
  closeStdin(): void;
}

/** Options of {@link spawnStdioPeer}. */
export interface StdioPeerOptions {
  /** Where the server's stderr goes (default `ignore`). */
  stderr?: 'ignore' | 'inherit';
  /** The server's environment (default ours). */
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * Spawns `command args` with piped stdio and returns a peer that sends requests and
 * notifications, matches answers by id, and reports the exit.
 */
export function spawnStdioPeer(
  command: string,
  args: readonly string[],
  options: StdioPeerOptions = {},
): StdioPeer {
  const child = spawn(command, args, {
    stdio: ['pipe', 'pipe', options.stderr ?? 'ignore'],
    env: options.env ?? process.env,
  });
  // A server that has gone away must not crash the test with a write to its closed stdin.
  child.stdin.on('error', () => {});
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }) as ProcessExit);
  const waiting = new Map<number | string, (message: WireMessage) => void>();
  let nextId = 1;
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: WireMessage & { method?: string };
    try {
      message = JSON.parse(line) as WireMessage & { method?: string };
    } catch {
      return;
    }
    const answer = message.id === undefined ? undefined : waiting.get(message.id);
    if (answer !== undefined && message.id !== undefined && !('method' in message)) {
      waiting.delete(message.id);
      answer(message);
    }
  });
  const write = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const answerTo = (id: number | string) =>
    new Promise<WireMessage>((resolve) => waiting.set(id, resolve));
  const peer: StdioPeer = {
    child,
    exited,
    request(method, params) {
      const id = nextId;
      nextId += 1;
      const answered = answerTo(id);
      write({ jsonrpc: '2.0', id, method, params });
      return answered;
    },
    sendLine(text) {
      child.stdin.write(`${text}\n`);
    },
    answerTo,
    notify(method, params) {
      write({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    },
    async initialize() {
      const answer = await peer.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'stdio-peer', version: '1.0.0' },
      });
      peer.notify('notifications/initialized');
      return answer;
    },
    closeStdin() {
      child.stdin.end();
    },
  };
  return peer;
}
