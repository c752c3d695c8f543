import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // Each file has a database of its own and most of a test's time is spent waiting on it, so three files run at
    // once even on two cores (the default there would be one at a time).
    maxWorkers: 3,
    reporters: ['default', './test/slowest-reporter.ts'],
    hookTimeout: 60_000,
  },
});
