import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  // ESM and CommonJS: SDK users on either module system get a native build
  // (docs/decisions/packages-and-build.md, "Publishable packages").
  format: ['esm', 'cjs'],
  // `npm start` builds without declarations (scripts/build-changed.mjs): running needs none.
  dts: process.env.SPORTSPYDER_BUILD_DTS !== '0',
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime', '@sportspyder/core', '@sportspyder/contract'],
});
