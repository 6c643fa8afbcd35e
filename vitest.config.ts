import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (pure rules, no I/O), `integration` (each service through its
 * Fastify app on real PostgreSQL, Redis and an SMTP sink), `security` (attack probes against
 * the started stack) and `e2e` (Chromium against the started stack). `npm test` runs all four.
 * A fifth, `containers` (docker-compose.yml on a container engine), runs only when named, from
 * `npm run test:containers`.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'libs/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'scripts/*.test.ts',
            'scripts/seed/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['libs/*/test/**/*.test.ts', 'services/*/test/**/*.test.ts'],
          globalSetup: ['libs/testing/src/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'security',
          sequence: { groupOrder: 2 },
          include: ['security/**/*.test.ts'],
          globalSetup: ['security/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['web/e2e/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          globalSetup: ['web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'containers',
          sequence: { groupOrder: 4 },
          include: ['scripts/containers/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
