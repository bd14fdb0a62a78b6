/**
 * Sends a request with the global `fetch`, a timeout per attempt, bounded retries and a cap
 * on the bytes read.
 *
 * @module
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { backoffDelayMs } from '@x/core/backoff';
import { McsError } from '../errors.js';
import type { HttpRequest } from './build-request.js';
import type { RetryPolicy } from './rest-options.js';

/**
 * The raw result of a REST call (mcs §3.3): the status and the body as text, unparsed.
 *
 * A 3xx, 4xx or 5xx answer is a result too, not an error: the client decides what to tell the
 * model. Redirects are not followed, so credentials never reach another origin.
 */
export interface RestResponse {
  /** The HTTP status code. */
  status: number;
  /** True for 2xx. */
  ok: boolean;
  /** The `content-type` header, or `null`. */
  contentType: string | null;
  /** The body, decoded as UTF-8. */
  body: string;
}

/** Counters kept across requests, for the `status` capability. */
export interface HttpStats {
  /** Requests sent, retries included. */
  requests: number;
  /** Retries made. */
  retries: number;
  /** Calls that ended in an error (not in a 4xx/5xx result). */
  failures: number;
  /** The code of the last error, if any. */
  lastErrorCode: string | undefined;
}

/** How {@link sendRequest} and {@link openResponse} behave. */
export interface HttpClientOptions {
  /** The fetch function; the global one by default. */
  fetch: typeof fetch;
  /** Per attempt, body included. */
  timeoutMs: number;
  /** The retry policy. */
  retry: RetryPolicy;
  /** The largest body read. */
  maxResponseBytes: number;
  /** Aborts everything; the call then fails with `CANCELLED`. */
  signal?: AbortSignal | undefined;
  /** Counters to update. */
  stats: HttpStats;
}

/** Creates zeroed {@link HttpStats}. */
export function createHttpStats(): HttpStats {
  return { requests: 0, retries: 0, failures: 0, lastErrorCode: undefined };
}

/** The URL without query or credentials, safe for messages (an API key may sit in the query). */
function safeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

function retryDelay(attempt: number, policy: RetryPolicy, retryAfter: string | null): number {
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    const milliseconds = Number.isFinite(seconds)
      ? seconds * 1000
      : Date.parse(retryAfter) - Date.now();
    if (Number.isFinite(milliseconds))
      return Math.min(policy.maxDelayMs, Math.max(0, milliseconds));
  }
  return backoffDelayMs(attempt, policy);
}

function fail(options: HttpClientOptions, error: McsError): McsError {
  options.stats.failures += 1;
  options.stats.lastErrorCode = error.code;
  return error;
}

async function wait(milliseconds: number, options: HttpClientOptions): Promise<void> {
  try {
    await sleep(
      milliseconds,
      undefined,
      options.signal === undefined ? {} : { signal: options.signal },
    );
  } catch (error) {
    throw fail(
      options,
      new McsError({ code: 'CANCELLED', message: 'the request was aborted', cause: error }),
    );
  }
}

/** An answer whose status is final (no retry left or none needed), with the signal bounding its body. */
export interface OpenResponse {
  /** The response; its body is not read yet. */
  response: Response;
  /** Aborts when the attempt's time is up or the caller aborts. */
  signal: AbortSignal;
}

/**
 * Sends `request` until it gets an answer that needs no retry, or retries run out.
 *
 * @throws McsError `TIMEOUT`, `UNAVAILABLE` (after the retries) or `CANCELLED`.
 */
export async function openResponse(
  request: HttpRequest,
  options: HttpClientOptions,
): Promise<OpenResponse> {
  const { retry } = options;
  const mayRetry = retry.methods.includes(request.method);
  for (let attempt = 0; ; attempt += 1) {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal =
      options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
    options.stats.requests += 1;
    let response: Response;
    try {
      response = await options.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        signal,
        // Credentials must not travel to another origin: a redirect is a raw result.
        redirect: 'manual',
      });
    } catch (error) {
      if (options.signal?.aborted === true) {
        throw fail(
          options,
          new McsError({ code: 'CANCELLED', message: 'the request was aborted', cause: error }),
        );
      }
      const timedOut = timeout.aborted;
      if (mayRetry && attempt < retry.maxRetries) {
        options.stats.retries += 1;
        await wait(retryDelay(attempt, retry, null), options);
        continue;
      }
      throw fail(
        options,
        new McsError({
          code: timedOut ? 'TIMEOUT' : 'UNAVAILABLE',
          message: timedOut
            ? `${request.method} ${safeUrl(request.url)} did not answer within ${options.timeoutMs} ms`
            : `${request.method} ${safeUrl(request.url)} could not be reached`,
          data: { attempts: attempt + 1 },
          cause: error,
        }),
      );
    }
    if (mayRetry && attempt < retry.maxRetries && retry.statuses.includes(response.status)) {
      await response.body?.cancel();
      options.stats.retries += 1;
      await wait(retryDelay(attempt, retry, response.headers.get('retry-after')), options);
      continue;
    }
    return { response, signal };
  }
}

/**
 * Yields the body of an open response as UTF-8 text chunks, within the byte cap and timeout.
 *
 * @throws McsError `RESPONSE_TOO_LARGE`, `TIMEOUT` or `CANCELLED`.
 */
export async function* readBodyChunks(
  opened: OpenResponse,
  request: HttpRequest,
  options: HttpClientOptions,
): AsyncGenerator<string> {
  const { response } = opened;
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = (): McsError =>
    fail(
      options,
      new McsError({
        code: 'RESPONSE_TOO_LARGE',
        message: `${request.method} ${safeUrl(request.url)} answered with more than ${options.maxResponseBytes} bytes`,
      }),
    );
  if (Number.isFinite(declared) && declared > options.maxResponseBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (response.body === null) return;
  const decoder = new TextDecoder();
  let received = 0;
  try {
    for await (const chunk of response.body) {
      received += chunk.byteLength;
      if (received > options.maxResponseBytes) throw tooLarge();
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield text;
    }
  } catch (error) {
    if (McsError.isInstance(error)) throw error;
    if (options.signal?.aborted === true) {
      throw fail(
        options,
        new McsError({ code: 'CANCELLED', message: 'the request was aborted', cause: error }),
      );
    }
    throw fail(
      options,
      new McsError({
        code: opened.signal.aborted ? 'TIMEOUT' : 'UNAVAILABLE',
        message: `${request.method} ${safeUrl(request.url)} broke off while sending its body`,
        cause: error,
      }),
    );
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/**
 * Sends `request` and reads the whole answer into a {@link RestResponse}.
 *
 * @throws McsError `TIMEOUT`, `UNAVAILABLE`, `RESPONSE_TOO_LARGE` or `CANCELLED`.
 */
export async function sendRequest(
  request: HttpRequest,
  options: HttpClientOptions,
): Promise<RestResponse> {
  const opened = await openResponse(request, options);
  let body = '';
  for await (const chunk of readBodyChunks(opened, request, options)) body += chunk;
  return {
    status: opened.response.status,
    ok: opened.response.ok,
    contentType: opened.response.headers.get('content-type'),
    body,
  };
}
