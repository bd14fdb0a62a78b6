import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import { classifyUpstreamError } from '../../src/upstreams/index.js';

const context = { upstream: 'web', operation: 'tools/list' };

function classify(error: unknown, signal?: AbortSignal): CoreError {
  return classifyUpstreamError(error, signal === undefined ? context : { ...context, signal });
}

function systemError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 10.0.0.1:443`), { code });
}

describe('classifyUpstreamError', () => {
  it.each([
    [
      'the SDK request timeout',
      new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: 50 }),
      'TIMEOUT',
      true,
    ],
    [
      'a closed connection',
      new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'),
      'UNAVAILABLE',
      true,
    ],
    [
      'a server error that reuses -32000',
      new ProtocolError(-32000, 'database down'),
      'UPSTREAM_ERROR',
      false,
    ],
    [
      'a JSON-RPC error',
      new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad args'),
      'UPSTREAM_ERROR',
      false,
    ],
    [
      'HTTP 401',
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Bearer SECRET rejected', {
        status: 401,
        statusText: 'Bearer SECRET rejected',
      }),
      'AUTH',
      false,
    ],
    [
      'HTTP 403',
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'no', {
        status: 403,
        statusText: 'no',
      }),
      'PERMISSION',
      false,
    ],
    [
      'HTTP 429',
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'slow down', {
        status: 429,
        statusText: 'slow down',
      }),
      'RATE_LIMITED',
      true,
    ],
    [
      'HTTP 404',
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Session not found', {
        status: 404,
        statusText: 'Session not found',
      }),
      'UNAVAILABLE',
      true,
    ],
    [
      'HTTP 503',
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'busy', {
        status: 503,
        statusText: 'busy',
      }),
      'UNAVAILABLE',
      true,
    ],
    [
      'HTTP 400',
      new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'bad', {
        status: 400,
        statusText: 'bad',
      }),
      'UPSTREAM_ERROR',
      false,
    ],
    [
      'an unreadable response',
      new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, 'Unexpected content type'),
      'UPSTREAM_ERROR',
      false,
    ],
    ['an OAuth refusal', new UnauthorizedError(), 'AUTH', false],
    [
      'a refused connection',
      new TypeError('fetch failed', { cause: systemError('ECONNREFUSED') }),
      'UNAVAILABLE',
      true,
    ],
    ['a reset connection', systemError('ECONNRESET'), 'UNAVAILABLE', true],
    ['a command that does not exist', systemError('ENOENT'), 'UNAVAILABLE', true],
    ['a transport that is gone', new Error('Not connected'), 'UNAVAILABLE', true],
    ['an AbortError', new DOMException('aborted', 'AbortError'), 'CANCELLED', false],
    ['a TimeoutError', new DOMException('late', 'TimeoutError'), 'TIMEOUT', true],
    ['something unknown', 42, 'UPSTREAM_ERROR', false],
  ])('classifies %s', (_case, error, code, retryable) => {
    const classified = classify(error);
    expect(classified).toMatchObject({ code, retryable });
    expect(classified.message.startsWith('upstream "web": tools/list: ')).toBe(true);
    expect(classified.message).not.toContain('SECRET');
    expect(classified.data).toMatchObject({ upstream: 'web', operation: 'tools/list' });
  });

  it("blames the caller when the caller's signal aborted", () => {
    const cancelled = classify(
      new SdkError(SdkErrorCode.RequestTimeout, 'AbortError'),
      AbortSignal.abort(),
    );
    expect(cancelled.code).toBe('CANCELLED');
    const controller = new AbortController();
    controller.abort(new DOMException('late', 'TimeoutError'));
    expect(classify(new Error('x'), controller.signal).code).toBe('TIMEOUT');
  });

  it("quotes the upstream's own message on one line without the SDK prefix", () => {
    const classified = classify(
      new ProtocolError(ProtocolErrorCode.InvalidParams, 'Tool foo\nnot found'),
    );
    expect(classified.message).toBe(
      'upstream "web": tools/list: the server answered with error -32602: Tool foo not found',
    );
    expect(classified.data).toMatchObject({ rpcCode: ProtocolErrorCode.InvalidParams });
  });

  it('passes a CoreError through unchanged', () => {
    const error = new CoreError({ code: 'CLOSED', message: 'closed' });
    expect(classify(error)).toBe(error);
  });
});
