/**
 * Raw JSON-RPC sessions: the low-level access checks need to send what a well-behaved client
 * never would (unknown methods, garbage) and to see exactly what comes back.
 *
 * @module
 */

import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import { ConformanceError } from '../errors.js';
import { CLIENT_INFO } from '../package-info.js';
import { isRecord, isResponse, isServerRequest, type RawMessage } from './json-rpc.js';

/** What sending raw text returned; over stdio there is nothing to return. */
export interface RawSendResult {
  /** The HTTP status of the POST that carried the text (HTTP only). */
  readonly status?: number;
}

/**
 * A raw JSON-RPC connection to one server: a process over stdio, one MCP session over HTTP.
 *
 * Every message the server sends lands in `received`, in arrival order (over HTTP, the messages
 * of each POST's answer). Requests the server sends us are answered: `ping` with an empty result,
 * anything else with -32601.
 */
export interface RawSession {
  /** How the server is reached. */
  readonly kind: 'stdio' | 'http';
  /** Every message received, in arrival order. */
  readonly received: readonly RawMessage[];
  /** Output lines that were not valid JSON-RPC messages (stdio only). */
  readonly invalidLines: readonly string[];
  /** The response to `initialize`, once {@link RawSession.initialize} has run. */
  readonly initializeResponse: RawMessage | undefined;
  /** Sends `initialize` (and `notifications/initialized` when it succeeded) and returns the response, whatever it is. */
  initialize(): Promise<RawMessage>;
  /** Sends a request with a fresh id and resolves with the response carrying that id. */
  request(method: string, params?: Record<string, unknown>): Promise<RawMessage>;
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
}

/** The transport-independent half of a raw session: ids, waiters and the handshake. */
export abstract class BaseRawSession implements RawSession {
  abstract readonly kind: 'stdio' | 'http';
  readonly received: RawMessage[] = [];
  readonly invalidLines: string[] = [];
  initializeResponse: RawMessage | undefined;
  /** The protocol version the server chose, once known. */
  protected protocolVersion: string | undefined;
  private nextId = 1;
  private readonly waiters = new Map<number, Waiter>();
  private failure: ConformanceError | undefined;

  /** Transmits one serialized message; `responseId` is the id of the answer to wait for, if any. */
  protected abstract transmit(text: string, responseId: number | undefined): Promise<RawSendResult>;

  abstract close(): Promise<void>;

  async initialize(): Promise<RawMessage> {
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
    this.throwIfFailed();
    const id = this.nextId++;
    const answer = new Promise<RawMessage>((resolve, reject) => {
      this.waiters.set(id, { resolve, reject });
    });
    const message = { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
    try {
      await this.transmit(JSON.stringify(message), id);
    } catch (error) {
      this.settle(id)?.reject(error);
      return answer;
    }
    this.afterTransmit(id);
    return answer;
  }

  async notify(method: string, params?: Record<string, unknown>): Promise<void> {
    this.throwIfFailed();
    const message = { jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) };
    await this.transmit(JSON.stringify(message), undefined);
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
    if (isServerRequest(message)) this.answerServerRequest(message);
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

/** The error pending requests get when their session is closed. */
export function sessionClosedError(): ConformanceError {
  return new ConformanceError({ code: 'TARGET_EXITED', message: 'the session was closed' });
}
