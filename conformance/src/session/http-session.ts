/**
 * A raw session with a server over Streamable HTTP: one POST per message, with the session id
 * and protocol version headers the transport requires.
 *
 * @module
 */

import type { Era } from '../era/era.js';
import { ConformanceError, describeError } from '../errors.js';
import type { HttpTransportConfig } from '../target.js';
import { isRecord, isResponse, type RawMessage } from './json-rpc.js';
import { BaseRawSession, type RawSendResult, sessionClosedError } from './raw-session.js';
import { readEventStream } from './sse.js';
import { mergeHeaders, standardHeaders } from './standard-headers.js';

/** How long closing waits for the server to acknowledge the session's DELETE. */
const DELETE_TIMEOUT_MS = 1000;

/** How much of an answer's body an error message or a check quotes. */
const BODY_HEAD_LENGTH = 160;

/** The head of `text` as one line, cut with an ellipsis. */
function headOf(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  return line.length <= BODY_HEAD_LENGTH ? line : `${line.slice(0, BODY_HEAD_LENGTH - 1)}…`;
}

/** An answer as an error message names it: `HTTP 403 (text/plain: "Invalid Host")`. */
function describeAnswer(status: number | undefined, answer: RawSendResult | undefined): string {
  const parts = [
    answer?.contentType === undefined ? '' : answer.contentType,
    answer?.bodyHead === undefined || answer.bodyHead === '' ? '' : JSON.stringify(answer.bodyHead),
  ].filter((part) => part !== '');
  return `HTTP ${status ?? '(no status)'}${parts.length === 0 ? '' : ` (${parts.join(': ')})`}`;
}

/**
 * A session that speaks to `config.url`: in the legacy era the MCP session starts with
 * `initialize`; in the modern era every POST stands alone, with the standard headers.
 */
export function openHttpSession(config: HttpTransportConfig, era: Era = 'legacy'): BaseRawSession {
  return new HttpRawSession(config, era);
}

class HttpRawSession extends BaseRawSession {
  readonly kind = 'http';
  private sessionId: string | undefined;
  private readonly closing = new AbortController();
  /** What each request's POST answered, by request id, for the error of one with no response. */
  private readonly answers = new Map<number, RawSendResult>();

  constructor(
    private readonly config: HttpTransportConfig,
    era: Era,
  ) {
    super(era);
  }

  protected async transmit(
    text: string,
    responseId: number | undefined,
    headers: Readonly<Record<string, string | null>> = {},
  ): Promise<RawSendResult> {
    let response: Response;
    const standard = this.era === 'modern' ? standardHeaders(text, this.protocolVersion) : {};
    try {
      response = await fetch(this.config.url, {
        method: 'POST',
        headers: mergeHeaders(
          this.headers({
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...standard,
          }),
          headers,
        ),
        body: text,
        signal: this.closing.signal,
      });
    } catch (error) {
      throw unreachable(this.config.url, error);
    }
    const sessionId = response.headers.get('mcp-session-id');
    if (sessionId !== null && this.sessionId === undefined) this.sessionId = sessionId;
    if (responseId !== undefined) this.statuses.set(responseId, response.status);
    const contentType = response.headers.get('content-type') ?? undefined;
    const wwwAuthenticate = response.headers.get('www-authenticate') ?? undefined;
    const body = await this.readBody(response, responseId);
    const answer: RawSendResult = {
      status: response.status,
      ...(contentType === undefined ? {} : { contentType }),
      ...(wwwAuthenticate === undefined ? {} : { wwwAuthenticate }),
      ...(body === undefined ? {} : { bodyHead: headOf(body) }),
    };
    if (responseId !== undefined) this.answers.set(responseId, answer);
    return answer;
  }

  protected override afterTransmit(id: number): void {
    const status = this.statuses.get(id);
    const answer = this.answers.get(id);
    this.answers.delete(id);
    if (!this.isWaiting(id)) return;
    this.settle(id)?.reject(
      new ConformanceError({
        code: 'PROTOCOL',
        message: `${describeAnswer(status, answer)} answer carried no JSON-RPC response to request ${id}`,
      }),
    );
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.fail(sessionClosedError());
    if (this.sessionId === undefined) return;
    await fetch(this.config.url, {
      method: 'DELETE',
      headers: this.headers({}),
      signal: AbortSignal.timeout(DELETE_TIMEOUT_MS),
    }).then(
      (response) => response.body?.cancel(),
      () => undefined,
    );
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    return {
      ...this.config.headers,
      ...extra,
      ...(this.sessionId === undefined ? {} : { 'mcp-session-id': this.sessionId }),
      ...(this.protocolVersion === undefined
        ? {}
        : { 'mcp-protocol-version': this.protocolVersion }),
    };
  }

  /**
   * Delivers the messages of an answer's body; returns its text unless it was an event stream
   * (whose messages were delivered as they came).
   */
  private async readBody(
    response: Response,
    responseId: number | undefined,
  ): Promise<string | undefined> {
    const contentType = response.headers.get('content-type') ?? '';
    if (response.body === null) return undefined;
    if (contentType.includes('text/event-stream')) {
      await readEventStream(response.body, (data) => {
        const message = this.deliverText(data);
        return message !== undefined && isResponse(message) && message.id === responseId;
      });
      return undefined;
    }
    const text = await response.text();
    if (contentType.includes('application/json') && text.length > 0) this.deliverText(text);
    return text;
  }

  /** Delivers the message(s) in one JSON text; returns the last one delivered. */
  private deliverText(text: string): RawMessage | undefined {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.invalidLines.push(text);
      return undefined;
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]).filter(isRecord);
    for (const message of messages) this.deliver(message);
    return messages.at(-1);
  }
}

function unreachable(url: string, error: unknown): ConformanceError {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  return new ConformanceError({
    code: 'TARGET_EXITED',
    message: `cannot reach ${url}: ${code ?? describeError(cause)}`,
    cause: error,
  });
}
