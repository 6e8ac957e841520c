// Vite build of the website. Sibling packages are aliased to their sources so neither a prior build
// nor a dev watcher of core/react is needed; the API, websocket and logos are proxied to the server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const server = process.env.SPORTSPYDER_API ?? 'http://localhost:8080';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      '@sportspyder/core': pkg('core/src/index.ts'),
      '@sportspyder/react': pkg('react/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/cable': { target: server, ws: true },
      '/logos': { target: server },
    },
  },
});
