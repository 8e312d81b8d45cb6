import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure unit tests (node), client component tests (jsdom) and integration tests
// against a real PostgreSQL. Playwright specs (tests/e2e) are not vitest's business.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{course,events,server,jobs,scripts,bench}/**/*.test.ts', 'client/pwa/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['{events,server,jobs,scripts}/**/*.int.test.ts'],
          globalSetup: ['tests/setup/postgres.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
