import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The end-to-end tests spawn servers and the built CLI; on a busy machine that is slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
