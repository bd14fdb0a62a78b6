import { CoreError, type CoreErrorCode } from '@x/core';
import { describe, expect, it } from 'vitest';
import { GatewayError, type GatewayErrorCode, toGatewayError } from '../src/errors.js';

describe('GatewayError', () => {
  it('carries code, message, path, data and cause', () => {
    const cause = new Error('inner');
    const error = new GatewayError({
      code: 'PATH_NOT_FOUND',
      message: 'no such node',
      path: '/github/nope',
      data: { depth: 2 },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('GatewayError');
    expect(error.code).toBe('PATH_NOT_FOUND');
    expect(error.message).toBe('no such node');
    expect(error.path).toBe('/github/nope');
    expect(error.data).toEqual({ depth: 2 });
    expect(error.cause).toBe(cause);
  });

  it('is retryable by default for timeouts, unavailability and rate limits only', () => {
    const retryable: GatewayErrorCode[] = [
      'UPSTREAM_TIMEOUT',
      'UPSTREAM_UNAVAILABLE',
      'RATE_LIMITED',
    ];
    const other: GatewayErrorCode[] = [
      'UPSTREAM_ERROR',
      'AUTH_FAILED',
      'PATH_INVALID',
      'TOOL_ID_INVALID',
    ];
    for (const code of retryable)
      expect(new GatewayError({ code, message: 'x' }).retryable).toBe(true);
    for (const code of other)
      expect(new GatewayError({ code, message: 'x' }).retryable).toBe(false);
    expect(
      new GatewayError({ code: 'RATE_LIMITED', message: 'x', retryable: false }).retryable,
    ).toBe(false);
  });

  it('recognises instances from another copy of the package by marker', () => {
    const foreign = Object.defineProperty(new Error('x'), Symbol.for('@x/gateway.error'), {
      value: true,
    });
    expect(GatewayError.isInstance(foreign)).toBe(true);
    expect(GatewayError.isInstance(new Error('x'))).toBe(false);
    expect(GatewayError.isInstance(null)).toBe(false);
    expect(GatewayError.isInstance('GatewayError')).toBe(false);
  });
});

describe('toGatewayError', () => {
  it('returns a GatewayError unchanged', () => {
    const error = new GatewayError({ code: 'VIEW_FAILED', message: 'x' });
    expect(toGatewayError(error)).toBe(error);
  });

  it.each<[CoreErrorCode, GatewayErrorCode]>([
    ['TIMEOUT', 'UPSTREAM_TIMEOUT'],
    ['UNAVAILABLE', 'UPSTREAM_UNAVAILABLE'],
    ['AUTH', 'AUTH_FAILED'],
    ['PERMISSION', 'PERMISSION_DENIED'],
    ['RATE_LIMITED', 'RATE_LIMITED'],
    ['UPSTREAM_ERROR', 'UPSTREAM_ERROR'],
    ['CANCELLED', 'UPSTREAM_ERROR'],
    ['CLOSED', 'UPSTREAM_UNAVAILABLE'],
    ['CONFIG_INVALID', 'UPSTREAM_UNAVAILABLE'],
    ['INVALID_ARGUMENT', 'UPSTREAM_ERROR'],
    ['STORE_CORRUPT', 'UPSTREAM_UNAVAILABLE'],
  ])('maps the core class %s to %s and keeps its retryable flag', (coreCode, gatewayCode) => {
    const core = new CoreError({
      code: coreCode,
      message: 'upstream said no',
      data: { status: 503 },
    });
    const error = toGatewayError(core);
    expect(error.code).toBe(gatewayCode);
    expect(error.retryable).toBe(core.retryable);
    expect(error.message).toBe('upstream said no');
    expect(error.data).toEqual({ status: 503, upstream_code: coreCode });
    expect(error.cause).toBe(core);
  });

  it('honours a retryable flag the core set against its default', () => {
    const core = new CoreError({ code: 'UNAVAILABLE', message: 'spawn failed', retryable: false });
    expect(toGatewayError(core).retryable).toBe(false);
  });

  it('turns other thrown values into the fallback code', () => {
    expect(toGatewayError(new TypeError('boom')).code).toBe('UPSTREAM_ERROR');
    expect(toGatewayError(new TypeError('boom')).message).toBe('boom');
    expect(toGatewayError('plain text').message).toBe('plain text');
    expect(toGatewayError(42).message).toBe('unexpected failure');
    expect(toGatewayError(undefined).message).toBe('unexpected failure');
    expect(toGatewayError({ message: 7 }).message).toBe('unexpected failure');
    expect(toGatewayError(new Error('x'), { fallbackCode: 'VIEW_FAILED' }).code).toBe(
      'VIEW_FAILED',
    );
  });

  it('survives a thrown object whose message getter throws', () => {
    const hostile = {
      get message(): string {
        throw new Error('gotcha');
      },
    };
    expect(toGatewayError(hostile).message).toBe('unexpected failure');
  });
});
