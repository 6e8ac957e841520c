// One vitest run for every package's unit and server tests; browser tests live in tests/e2e
// with their own config because they need the built site and a real Chromium.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(`./packages/${p}`, import.meta.url));

// Tests import sibling packages from source so no build is needed before `npm run test:unit`.
export const alias = {
  '@sportspyder/contract': src('contract/src/index.ts'),
  '@sportspyder/core/testing': src('core/src/testing/index.ts'),
  '@sportspyder/core': src('core/src/index.ts'),
  '@sportspyder/react': src('react/src/index.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'contract', root: src('contract'), environment: 'node' } },
      { resolve: { alias }, test: { name: 'core', root: src('core'), environment: 'node' } },
      { resolve: { alias }, test: { name: 'react', root: src('react'), environment: 'happy-dom' } },
      {
        resolve: { alias },
        test: {
          name: 'site',
          root: src('site'),
          environment: 'happy-dom',
          setupFiles: ['./src/test-setup.ts'],
          // Room for findBy's 5 s (src/test-setup.ts) after a whole page's render.
          testTimeout: 20_000,
        },
      },
      { resolve: { alias }, test: { name: 'widgets', root: src('widgets'), environment: 'happy-dom' } },
      {
        test: {
          name: 'scripts',
          root: fileURLToPath(new URL('./scripts', import.meta.url)),
          include: ['__tests__/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: src('server'),
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
