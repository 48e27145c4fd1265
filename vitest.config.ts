import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['tests/setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll gives up after 1 s by default: too short for a lazily loaded page, a
          // course group or a full reload on a busy CI machine. Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 10_000 } },
          // One browser per file; two cores: run files one or two at a time.
          maxWorkers: 2,
          fileParallelism: true,
          // Its own group (after the unit tests): vitest requires it when maxWorkers differ.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
