import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', index: 'src/index.ts', setup: 'src/setup.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  dts: false,
  // The contract is bundled in so the server runs from its dist alone; npm dependencies stay external.
  noExternal: ['@sportspyder/contract'],
});
