import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Packing and `npm install` into a fresh project run once, in a beforeAll.
    hookTimeout: 300_000,
  },
});
