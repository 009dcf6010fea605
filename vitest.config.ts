import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': new URL('./', import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{schemas,content,newsletter,local-api,web,scripts,testing,app}/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'studio',
          include: ['studio/**/*.test.ts'],
          globalSetup: ['studio/browser/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // The Sanity CLI and Chromium each want both cores; one file at a time.
          fileParallelism: false,
        },
      },
      {
        // Starts the Firestore emulator itself (testing/firestore-emulator.ts).
        extends: true,
        test: {
          name: 'rules',
          include: ['rules/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
