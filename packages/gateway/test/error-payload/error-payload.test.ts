import { describe, expect, it } from 'vitest';
import { toErrorPayload } from '../../src/error-payload/error-payload.js';
import { GatewayError } from '../../src/errors.js';

describe('toErrorPayload', () => {
  it('produces the §3.4 fields in the spec order', () => {
    const payload = toErrorPayload(
      new GatewayError({ code: 'PATH_NOT_FOUND', message: 'no node there', path: '/github/x' }),
    );
    expect(Object.keys(payload)).toEqual(['error', 'message', 'path', 'retryable']);
    expect(payload).toEqual({
      error: 'PATH_NOT_FOUND',
      message: 'no node there',
      path: '/github/x',
      retryable: false,
    });
  });

  it('uses an empty path when the error has none', () => {
    expect(toErrorPayload(new GatewayError({ code: 'ARGS_INVALID', message: 'x' })).path).toBe('');
  });

  it('redacts and caps the message', () => {
    const payload = toErrorPayload(
      new GatewayError({
        code: 'UPSTREAM_ERROR',
        message: 'failed reading /home/alice/.ssh/id_rsa\nwith Bearer abcdefghijklmnop',
      }),
      { maxMessageLength: 40 },
    );
    expect(payload.message).not.toContain('alice');
    expect(payload.message).not.toContain('abcdefghijklmnop');
    expect(payload.message).not.toContain('\n');
    expect(payload.message.length).toBeLessThanOrEqual(40);
  });

  it('makes a hostile path one capped line', () => {
    const payload = toErrorPayload(
      new GatewayError({
        code: 'PATH_INVALID',
        message: 'x',
        path: `/a\n\u0000${'b'.repeat(10_000)}`,
      }),
    );
    expect(payload.path.length).toBeLessThanOrEqual(256);
    expect(payload.path).not.toMatch(/[\p{Cc}]/u);
  });

  it('maps in-process codes to wire codes and names them in details.reason', () => {
    const invalid = toErrorPayload(new GatewayError({ code: 'TOOL_ID_INVALID', message: 'x' }));
    expect(invalid.error).toBe('ARGS_INVALID');
    expect(invalid.details).toEqual({ reason: 'TOOL_ID_INVALID' });
    const collision = toErrorPayload(
      new GatewayError({
        code: 'TOOL_ID_COLLISION',
        message: 'x',
        data: { toolId: 'a:b#00000000' },
      }),
    );
    expect(collision.error).toBe('UPSTREAM_ERROR');
    expect(collision.details).toEqual({ toolId: 'a:b#00000000', reason: 'TOOL_ID_COLLISION' });
  });

  it('carries retry hints as details, as the rate-limit example of §4.5 does', () => {
    const payload = toErrorPayload(
      new GatewayError({
        code: 'RATE_LIMITED',
        message: 'slow down',
        data: { scope: 'tool_execute', retry_after: 12 },
      }),
    );
    expect(payload).toEqual({
      error: 'RATE_LIMITED',
      message: 'slow down',
      path: '',
      retryable: true,
      details: { scope: 'tool_execute', retry_after: 12 },
    });
  });

  it('makes details JSON-safe, bounded and redacted', () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    const payload = toErrorPayload(
      new GatewayError({
        code: 'UPSTREAM_ERROR',
        message: 'x',
        data: {
          circular,
          infinite: Number.POSITIVE_INFINITY,
          big: 10n,
          callback: () => 1,
          symbol: Symbol('s'),
          secret: 'token=hunter2hunter2',
          list: Array.from({ length: 100 }, (_, index) => index),
          [`long${'k'.repeat(100)}`]: 1,
          'bad\nkey': 1,
        },
      }),
    );
    const details = payload.details as Record<string, unknown>;
    expect(() => JSON.stringify(payload)).not.toThrow();
    expect(details.infinite).toBeNull();
    expect(details.big).toBe('10');
    expect(details).not.toHaveProperty('callback');
    expect(details).not.toHaveProperty('symbol');
    expect(details.secret).toBe('token=[redacted]');
    expect(details.list).toHaveLength(32);
    expect(Object.keys(details)).toEqual(['circular', 'infinite', 'big', 'secret', 'list']);
  });
});
