import type { ChildProcess } from 'node:child_process';

/** A JSON-RPC message as it came off the wire. */
export type WireMessage = {
  jsonrpc: '2.0';
  id?: number | string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

/** A raw JSON-RPC peer of a server spawned over stdio. */
export interface StdioPeer {
  /** The server process. */
  child: ChildProcess;
  /** Resolves when the server process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
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

/**
 * Spawns `command args` with piped stdio and returns a peer that sends requests and
 * notifications, matches answers by id, and reports the exit.
 */
export function spawnStdioPeer(
  command: string,
  args: readonly string[],
  options?: { stderr?: 'ignore' | 'inherit'; env?: NodeJS.ProcessEnv },
): StdioPeer;
