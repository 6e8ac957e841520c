import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  // ESM and CommonJS: SDK users on either module system get a native build
  // (docs/decisions/packages-and-build.md, "Publishable packages").
  format: ['esm', 'cjs'],
  // The testing entry's Node shim resolves `ws` from import.meta.url, which CommonJS lacks: tsup shims it.
  shims: true,
  // `npm start` builds without declarations (scripts/build-changed.mjs): running needs none.
  dts:
    process.env.SPORTSPYDER_BUILD_DTS === '0'
      ? false
      : {
          // Type the contract from its source so this build does not depend on the contract's build
          // having run first; the import stays external in the emitted .d.ts files.
          compilerOptions: {
            baseUrl: '.',
            rootDir: '..',
            paths: { '@sportspyder/contract': ['../contract/src/index.ts'] },
          },
        },
  clean: true,
  target: 'es2022',
  // The contract is imported for types only; nothing of it may reach a browser bundle.
  external: ['@sportspyder/contract', '@rails/actioncable', 'eventemitter3', 'ws'],
});
