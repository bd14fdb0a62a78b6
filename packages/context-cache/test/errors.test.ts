import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CANONICAL_ERROR_MESSAGES,
  ContextCacheError,
  type ContextCacheErrorCode,
  serializeErrorPayload,
  toErrorPayload,
  type WireErrorCode,
} from '../src/errors.js';

const WIRE_CODES: readonly WireErrorCode[] = [
  'cache_missing',
  'cache_invalid',
  'invalid_query',
  'invalid_budget',
  'io_error',
  'internal_error',
];

describe('toErrorPayload', () => {
  it('matches the example of error_schema.md exactly', () => {
    const payload = toErrorPayload(new ContextCacheError({ code: 'cache_invalid' }));
    expect(serializeErrorPayload(payload)).toBe(
      '{"error":{"code":"cache_invalid","message":"Cache exists but is invalid"}}',
    );
  });

  it.each(WIRE_CODES)('gives %s its canonical message', (code) => {
    expect(toErrorPayload(new ContextCacheError({ code }))).toEqual({
      error: { code, message: CANONICAL_ERROR_MESSAGES[code] },
    });
  });

  it('never carries the error message, paths or hashes onto the wire', () => {
    const error = new ContextCacheError({
      code: 'cache_invalid',
      message: 'documents/abc123.json under /home/user/cache does not hash to sha256:deadbeef',
      data: { path: '/home/user/cache' },
    });
    expect(serializeErrorPayload(toErrorPayload(error))).toBe(
      '{"error":{"code":"cache_invalid","message":"Cache exists but is invalid"}}',
    );
  });

  it('reports build failures as internal_error', () => {
    const codes: ContextCacheErrorCode[] = [
      'duplicate_document_id',
      'filename_collision',
      'cache_exists',
      'invalid_utf8',
      'source_missing',
      'invalid_options',
    ];
    for (const code of codes)
      expect(toErrorPayload(new ContextCacheError({ code })).error.code).toBe('internal_error');
  });

  it('turns filesystem errors into io_error and anything else into internal_error', () => {
    const permission = Object.assign(new Error('EACCES: permission denied, open /secret'), {
      code: 'EACCES',
    });
    expect(toErrorPayload(permission)).toEqual({
      error: { code: 'io_error', message: 'I/O error occurred' },
    });
    fc.assert(
      fc.property(fc.anything(), (thrown) => {
        fc.pre(!(typeof thrown === 'object' && thrown !== null && 'code' in thrown));
        expect(toErrorPayload(thrown)).toEqual({
          error: { code: 'internal_error', message: 'Internal error' },
        });
      }),
    );
  });

  it('always has exactly one top-level key and exactly code then message inside', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WIRE_CODES), (code) => {
        const text = serializeErrorPayload(toErrorPayload(new ContextCacheError({ code })));
        const parsed = JSON.parse(text) as Record<string, Record<string, string>>;
        expect(Object.keys(parsed)).toEqual(['error']);
        expect(Object.keys(parsed.error ?? {})).toEqual(['code', 'message']);
        expect(parsed.error?.message?.length).toBeGreaterThan(0);
      }),
    );
  });

  it('recognizes its errors across package copies through a marker', () => {
    const error = new ContextCacheError({ code: 'io_error' });
    expect(ContextCacheError.isInstance(error)).toBe(true);
    expect(ContextCacheError.isInstance(new Error('x'))).toBe(false);
    expect(ContextCacheError.isInstance({ code: 'io_error' })).toBe(false);
  });
});
