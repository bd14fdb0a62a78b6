/**
 * Raw JSON-RPC sessions: the low-level access checks need to send what a well-behaved client
 * never would (unknown methods, garbage) and to see exactly what comes back.
 *
 * @module
 */

import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import { type Era, MODERN_PROTOCOL_VERSION } from '../era/era.js';
import { ConformanceError } from '../errors.js';
import { CLIENT_INFO } from '../package-info.js';
import { isRecord, isResponse, isServerRequest, type RawMessage } from './json-rpc.js';
import { modernEnvelope, withEnvelope } from './modern-envelope.js';

/** What sending raw text returned; over stdio there is nothing to return. */
export interface RawSendResult {
  /** The HTTP status of the POST that carried the text (HTTP only). */
  readonly status?: number;
  /** The Content-Type of the POST's answer, when it had one (HTTP only). */
  readonly contentType?: string;
  /** The head of the answer's body when it was not an event stream, one line (HTTP only). */
  readonly bodyHead?: string;
  /** The answer's `WWW-Authenticate` header, when it had one (HTTP only). */
  readonly wwwAuthenticate?: string;
}

/** Options of one request of {@link RawSession.exchange}. */
export interface RawRequestOptions {
  /**
   * The `_meta` envelope of a modern-era request: absent, the session's own (protocol version,
   * client info and capabilities); `false`, none at all; an object, sent instead.
   */
  readonly envelope?: false | Readonly<Record<string, unknown>>;
  /**
   * HTTP headers of this request (HTTP only), replacing the standard header of the same name
   * whatever its case; `null` leaves a standard header out.
   */
  readonly headers?: Readonly<Record<string, string | null>>;
}

/** A response and, over HTTP, the status of the POST that carried it. */
export interface RawExchange {
  /** The JSON-RPC response. */
  readonly message: RawMessage;
  /** The HTTP status (HTTP only). */
  readonly status?: number;
}

/**
 * A raw JSON-RPC connection to one server: a process over stdio, one MCP session over HTTP.
 *
 * Every message the server sends lands in `received`, in arrival order (over HTTP, the messages
 * of each POST's answer). Requests the server sends us are answered: `ping` with an empty result,
 * anything else with -32601; one of our own requests sent back as it was (a server that echoes its
 * input) is not answered, and fails our request with `PROTOCOL`.
 */
export interface RawSession {
  /** How the server is reached. */
  readonly kind: 'stdio' | 'http';
  /**
   * The protocol era: `legacy` opens with `initialize`; `modern` opens with nothing, sends the
   * `_meta` envelope on every request and, over HTTP, the standard headers (2026-07-28).
   */
  readonly era: Era;
  /** Every message received, in arrival order. */
  readonly received: readonly RawMessage[];
  /** Output lines that were not valid JSON-RPC messages (stdio only). */
  readonly invalidLines: readonly string[];
  /** The response to `initialize`, once {@link RawSession.initialize} has run (legacy era). */
  readonly initializeResponse: RawMessage | undefined;
  /** The response to `server/discover`, once {@link RawSession.initialize} has run (modern era). */
  readonly discoverResponse: RawMessage | undefined;
  /**
   * Opens the session in its era and returns the response, whatever it is: `initialize` (and
   * `notifications/initialized` when it succeeded), or in the modern era `server/discover`.
   */
  initialize(): Promise<RawMessage>;
  /** Sends a request with a fresh id and resolves with the response carrying that id. */
  request(method: string, params?: Record<string, unknown>): Promise<RawMessage>;
  /** Like {@link RawSession.request}, with per-request options, resolving with the HTTP status too. */
  exchange(
    method: string,
    params?: Record<string, unknown>,
    options?: RawRequestOptions,
  ): Promise<RawExchange>;
  /** Sends a notification. */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** Sends `text` as one message as is: a line over stdio, a POST body over HTTP. */
  sendRaw(text: string): Promise<RawSendResult>;
  /** Ends the session and releases the process or HTTP session. */
  close(): Promise<void>;
}

interface Waiter {
  resolve(message: RawMessage): void;
  reject(error: unknown): void;
  /** The request as sent, to tell an echo of it (`cat`) from a request of the server. */
  readonly sent: string;
}

/** The method and params of a request, as one comparable text. */
function requestText(message: { method?: unknown; params?: unknown }): string {
  return JSON.stringify([message.method, message.params ?? null]);
}

/** The transport-independent half of a raw session: ids, waiters and the handshake. */
export abstract class BaseRawSession implements RawSession {
  abstract readonly kind: 'stdio' | 'http';
  readonly received: RawMessage[] = [];
  readonly invalidLines: string[] = [];
  initializeResponse: RawMessage | undefined;
  discoverResponse: RawMessage | undefined;
  /** The protocol version the server chose (legacy), or the one every request claims (modern). */
  protected protocolVersion: string | undefined;
  /** HTTP statuses of the POSTs that carried requests, by request id (HTTP only). */
  protected readonly statuses = new Map<number, number>();
  private nextId = 1;
  private readonly waiters = new Map<number, Waiter>();
  private failure: ConformanceError | undefined;

  constructor(readonly era: Era) {
    if (era === 'modern') this.protocolVersion = MODERN_PROTOCOL_VERSION;
  }

  /**
   * Transmits one serialized message; `responseId` is the id of the answer to wait for, if any;
   * `headers` are the HTTP headers of this message (ignored over stdio).
   */
  protected abstract transmit(
    text: string,
    responseId: number | undefined,
    headers?: Readonly<Record<string, string | null>>,
  ): Promise<RawSendResult>;

  abstract close(): Promise<void>;

  async initialize(): Promise<RawMessage> {
    if (this.era === 'modern') {
      this.discoverResponse = await this.request('server/discover');
      return this.discoverResponse;
    }
    const response = await this.request('initialize', {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    this.initializeResponse = response;
    if (isRecord(response.result)) {
      const version = response.result.protocolVersion;
      this.protocolVersion = typeof version === 'string' ? version : LATEST_PROTOCOL_VERSION;
      await this.notify('notifications/initialized');
    }
    return response;
  }

  async request(method: string, params?: Record<string, unknown>): Promise<RawMessage> {
    return (await this.exchange(method, params)).message;
  }

  async exchange(
    method: string,
    params?: Record<string, unknown>,
    options: RawRequestOptions = {},
  ): Promise<RawExchange> {
    this.throwIfFailed();
    const id = this.nextId++;
    const sent = this.enveloped(params, options);
    const message = { jsonrpc: '2.0', id, method, ...(sent === undefined ? {} : { params: sent }) };
    const answer = new Promise<RawMessage>((resolve, reject) => {
      this.waiters.set(id, { resolve, reject, sent: requestText(message) });
    });
    // The session may fail while the message is in flight: the answer is awaited only after.
    answer.catch(() => undefined);
    try {
      try {
        await this.transmit(JSON.stringify(message), id, options.headers);
      } catch (error) {
        this.settle(id);
        throw error;
      }
      this.afterTransmit(id);
      const response = await answer;
      const status = this.statuses.get(id);
      return { message: response, ...(status === undefined ? {} : { status }) };
    } finally {
      this.statuses.delete(id);
    }
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    this.throwIfFailed();
    const sent = this.enveloped(params, {});
    const message = { jsonrpc: '2.0', method, ...(sent === undefined ? {} : { params: sent }) };
    await this.transmit(JSON.stringify(message), undefined);
  }

  /** `params` with the envelope the era and `options` ask for. */
  private enveloped(
    params: Record<string, unknown> | undefined,
    options: RawRequestOptions,
  ): Record<string, unknown> | undefined {
    if (this.era === 'legacy' || options.envelope === false) return params;
    return withEnvelope(params, options.envelope ?? modernEnvelope());
  }

  async sendRaw(text: string): Promise<RawSendResult> {
    this.throwIfFailed();
    return this.transmit(text, undefined);
  }

  /**
   * Called once a request was transmitted; the HTTP session uses it to fail a request whose POST
   * answer carried no response.
   */
  protected afterTransmit(_id: number): void {}

  /** Takes the waiter of `id` out of the table. */
  protected settle(id: number): Waiter | undefined {
    const waiter = this.waiters.get(id);
    this.waiters.delete(id);
    return waiter;
  }

  /** True while a request with `id` still waits for its response. */
  protected isWaiting(id: number): boolean {
    return this.waiters.has(id);
  }

  /** Records a message from the server and routes it. */
  protected deliver(message: RawMessage): void {
    this.received.push(message);
    if (isResponse(message) && typeof message.id === 'number') {
      this.settle(message.id)?.resolve(message);
      return;
    }
    if (isServerRequest(message)) {
      const echoed = typeof message.id === 'number' ? this.waiters.get(message.id) : undefined;
      // Our own request coming back (a server that echoes its input, like `cat`) is no answer,
      // and answering it would forge one: the request fails instead.
      if (echoed !== undefined && echoed.sent === requestText(message)) {
        this.settle(message.id as number)?.reject(
          new ConformanceError({
            code: 'PROTOCOL',
            message: `the server sent request ${String(message.id)} back unanswered (it echoes its input)`,
          }),
        );
        return;
      }
      this.answerServerRequest(message);
    }
  }

  /** Marks the session dead: pending and later requests fail with `error`. */
  protected fail(error: ConformanceError): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    for (const [id, waiter] of this.waiters) {
      this.waiters.delete(id);
      waiter.reject(error);
    }
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  private answerServerRequest(message: RawMessage): void {
    const reply =
      message.method === 'ping'
        ? { jsonrpc: '2.0', id: message.id, result: {} }
        : {
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32601, message: 'Method not found (x-conformance raw session)' },
          };
    this.transmit(JSON.stringify(reply), undefined).catch(() => undefined);
  }
}

/**
 * The result that opened `session`: the `initialize` result (legacy era) or the
 * `server/discover` result (modern era); both carry `capabilities` and `instructions`.
 */
export function openingResult(session: RawSession): unknown {
  return (session.era === 'modern' ? session.discoverResponse : session.initializeResponse)?.result;
}

/** The error pending requests get when their session is closed. */
export function sessionClosedError(): ConformanceError {
  return new ConformanceError({ code: 'TARGET_EXITED', message: 'the session was closed' });
}
