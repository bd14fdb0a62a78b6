import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createBoundedLabel,
  MAX_LABEL_LENGTH,
  OTHER_LABEL,
} from '../../src/telemetry/bounded-labels.js';
import {
  outcomeOfErrorCode,
  outcomeOfFailure,
  outcomeOfResult,
} from '../../src/telemetry/index.js';

describe('createBoundedLabel', () => {
  it('keeps at most `limit` distinct values, the first ones seen, and reports the rest as other', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 20 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (values, limit) => {
          const label = createBoundedLabel(limit);
          const reported = values.map((value) => label.of(value));
          const kept = new Set(reported.filter((value, index) => value === values[index]));
          expect(kept.size).toBeLessThanOrEqual(limit);
          for (const [index, value] of reported.entries()) {
            expect([values[index], OTHER_LABEL]).toContain(value);
          }
          // A value kept once is kept every time.
          for (const value of kept) expect(label.of(value)).toBe(value);
        },
      ),
    );
  });

  it('reports a value longer than the bound as other', () => {
    expect(createBoundedLabel().of('x'.repeat(MAX_LABEL_LENGTH + 1))).toBe(OTHER_LABEL);
  });
});

describe('outcome classes', () => {
  it('names the JSON-RPC codes, tool errors and CoreError codes', () => {
    expect(
      [-32_700, -32_600, -32_601, -32_602, -32_603, -32_002, 'x'].map(outcomeOfErrorCode),
    ).toEqual([
      'parse_error',
      'invalid_request',
      'method_not_found',
      'invalid_params',
      'internal_error',
      'error',
      'error',
    ]);
    expect(outcomeOfResult({ isError: true })).toBe('tool_error');
    expect(outcomeOfResult({ content: [] })).toBe('ok');
    expect(outcomeOfFailure({ code: 'TIMEOUT' })).toBe('timeout');
    expect(outcomeOfFailure({ code: 'not a code!' })).toBe('error');
    expect(outcomeOfFailure(new Error('plain'))).toBe('error');
  });
});
