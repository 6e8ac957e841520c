import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    setup: 'src/setup.ts',
    worker: 'src/worker.ts',
    // Loaded by parse-feed-pool.ts as a worker thread, beside the chunk that starts it.
    'parse-feed-worker': 'src/ingest/feeds/parse-feed-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  // ESM only (docs/decisions/packages-and-build.md, "Publishable packages"); declarations for the package entry, which
  // scripts and tests import to run the server in-process. `npm start` builds without them.
  dts: process.env.SPORTSPYDER_BUILD_DTS === '0' ? false : { entry: { index: 'src/index.ts' } },
  // The contract is bundled in so the server runs from its dist alone; npm dependencies stay external.
  noExternal: ['@sportspyder/contract'],
});
