import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'es2022',
  // The contract is imported for types only; nothing of it may reach a browser bundle.
  external: ['@sportspyder/contract', '@rails/actioncable', 'eventemitter3', 'ws'],
});
