import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Fail fast on a hung database call rather than at the CI limit.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores; tests/setup/postgres-databases.ts makes one database per worker.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.unit.test.ts',
            'tests/**/*.unit.test.ts',
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          // One database per worker, reset between files (tests/setup/database.ts).
          isolate: false,
          pool: 'forks',
          globalSetup: ['tests/setup/postgres-databases.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/database.ts'],
        },
      },
    ],
  },
});
