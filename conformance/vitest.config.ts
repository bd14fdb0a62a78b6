import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A guard against a hang, not a speed limit: the tests wait on real processes (servers that
    // start their own upstreams), which take several times longer while another build runs
    // beside them on two cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The tests mostly wait on server processes they spawn, so two files at a time halve the
    // wall time even on two cores.
    maxWorkers: 2,
  },
});
