/**
 * The load driver: many MCP sessions at once, each running its own calls in
 * turn, with every response checked to belong to its session and request.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { percentile } from '../../metrics/latency.js';

/** One call of a session, and how to tell its response is its own. */
export interface LoadCall {
  /** What it is (`browse`, `execute`, `view`, `help`, `call`, `describe`). */
  readonly kind: string;
  /** Makes the call. */
  run(client: Client): Promise<unknown>;
  /**
   * The nonce the response must carry, when the call echoes one; a response
   * with another session's or request's nonce, or without its own, is crossed.
   */
  readonly nonce?: string;
  /** Whether a response without a nonce is right (e.g. the view of the session's own handle). */
  accept?(response: unknown): boolean;
}

/** An app's workload: a per-session setup, then calls by index. */
export interface LoadScenario {
  /** Prepares a session (grants, a handle) and returns what its calls need. */
  setup(client: Client, session: number): Promise<unknown>;
  /** The `index`-th call of a session. */
  call(state: unknown, session: number, index: number, nonce: string): LoadCall;
}

/** What one load run measured. */
export interface LoadRun {
  /** Calls that completed (with a right response or an error). */
  readonly calls: number;
  /** Calls that failed: a thrown error or an `isError` result. */
  readonly errors: number;
  /** Responses that carried another request's nonce or lacked their own. */
  readonly crossed: number;
  /** Calls planned but not made before the deadline (or never answered). */
  readonly lost: number;
  /** Wall-clock seconds of the calls (setup excluded). */
  readonly seconds: number;
  /** Completed calls per second. */
  readonly throughput: number;
  /** Latency percentiles in milliseconds. */
  readonly p50: number;
  /** 95th percentile. */
  readonly p95: number;
  /** 99th percentile. */
  readonly p99: number;
  /** Calls by kind. */
  readonly kinds: Readonly<Record<string, number>>;
  /** Up to three error messages, for the note. */
  readonly sampleErrors: readonly string[];
}

const NONCE = /N\d+x\d+x[0-9a-f]{8}N/g;

/** A nonce unique to a session's call. */
export function nonceOf(session: number, index: number): string {
  return `N${session}x${index}x${randomBytes(4).toString('hex')}N`;
}

function isErrorResult(response: unknown): boolean {
  return (response as { isError?: boolean } | undefined)?.isError === true;
}

/** Whether a response is the call's own: exactly its nonce, or accepted by the call. */
function belongs(call: LoadCall, response: unknown): boolean {
  const found = new Set(JSON.stringify(response).match(NONCE) ?? []);
  if (call.nonce !== undefined) return found.size === 1 && found.has(call.nonce);
  return found.size === 0 && (call.accept?.(response) ?? true);
}

/**
 * Runs `sessions` sessions at once against `url`, each making
 * `callsPerSession` calls in turn, until done or `deadlineMs` passes.
 */
export async function runLoad(options: {
  url: URL;
  scenario: LoadScenario;
  sessions: number;
  callsPerSession: number;
  deadlineMs: number;
  /**
   * The protocol era the clients speak: `legacy` opens a 2025 session per client (sticky to one
   * instance through its session id), `modern` sends every request on its own, 2026-07-28 style,
   * with no session and no affinity.
   */
  era: 'legacy' | 'modern';
}): Promise<LoadRun> {
  const { scenario, sessions, callsPerSession } = options;
  const clients: Client[] = [];
  const latencies: number[] = [];
  const kinds: Record<string, number> = {};
  const sampleErrors: string[] = [];
  let errors = 0;
  let crossed = 0;
  const noteError = (message: string) => {
    errors += 1;
    if (sampleErrors.length < 3) sampleErrors.push(message.slice(0, 200));
  };
  try {
    const states = await Promise.all(
      Array.from({ length: sessions }, async (_, session) => {
        const client = new Client(
          { name: 'x-bench-load', version: '0.1.0' },
          options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
        );
        await client.connect(new StreamableHTTPClientTransport(options.url));
        clients.push(client);
        return scenario.setup(client, session);
      }),
    );
    const started = performance.now();
    const deadline = started + options.deadlineMs;
    await Promise.all(
      states.map(async (state, session) => {
        const client = clients[session] as Client;
        for (let index = 0; index < callsPerSession && performance.now() < deadline; index += 1) {
          const call = scenario.call(state, session, index, nonceOf(session, index));
          const begun = performance.now();
          try {
            const response = await call.run(client);
            latencies.push(performance.now() - begun);
            kinds[call.kind] = (kinds[call.kind] ?? 0) + 1;
            if (isErrorResult(response)) noteError(`${call.kind}: ${JSON.stringify(response)}`);
            else if (!belongs(call, response)) crossed += 1;
          } catch (error) {
            latencies.push(performance.now() - begun);
            kinds[call.kind] = (kinds[call.kind] ?? 0) + 1;
            noteError(`${call.kind}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const calls = latencies.length;
    return {
      calls,
      errors,
      crossed,
      lost: sessions * callsPerSession - calls,
      seconds,
      throughput: seconds === 0 ? 0 : calls / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      kinds: Object.fromEntries(Object.entries(kinds).sort(([a], [b]) => (a < b ? -1 : 1))),
      sampleErrors,
    };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
  }
}
