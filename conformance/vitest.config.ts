import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // The tests mostly wait on server processes they spawn, so two files at a time halve the
    // wall time even on two cores.
    maxWorkers: 2,
  },
});
