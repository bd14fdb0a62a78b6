import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A guard against a hang, not a speed limit: tests wait on readiness signals, and on two
    // cores shared with another build a test that is still working can take several times longer.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
