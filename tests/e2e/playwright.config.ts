import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium } from './browser';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './server.ts',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    locale: 'es-AR',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_FLAGS },
    trace: 'retain-on-failure',
  },
  outputDir: '../../test-results',
});
