import { describe, expect, it } from 'vitest';
import { median, percentile, summarizeLatency } from '../../src/metrics/latency.js';

describe('latency figures', () => {
  it('takes percentiles by nearest rank', () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 95)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
    expect(percentile([], 50)).toBe(0);
  });

  it('summarizes timings and takes the lower middle as the median of an even count', () => {
    expect(summarizeLatency([4, 1, 3, 2])).toEqual({ p50: 2, p95: 4, mean: 2.5 });
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBe(0);
  });
});
