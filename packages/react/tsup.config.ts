import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  // `npm start` builds without declarations (scripts/build-changed.mjs): running needs none.
  dts: process.env.SPORTSPYDER_BUILD_DTS !== '0',
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@sportspyder/core', '@sportspyder/contract'],
});
