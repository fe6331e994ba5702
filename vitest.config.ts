import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end tests spawn the built CLI; two cores are all CI has.
    testTimeout: 30_000,
    pool: 'forks',
  },
});
