// Browser tests: the built product (npm run build) served by the real server on a free port with a
// fresh database, driven in Debian's Chromium through playwright-core. One server per run (chat.e2e.ts
// also starts one of its own on PostgreSQL when CI_POSTGRES_URL is set).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Chromium at a time: CI has 2 cores, one of which the server uses.
    fileParallelism: false,
  },
});
