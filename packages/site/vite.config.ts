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
    alias: [
      { find: /^@sportspyder\/core$/, replacement: pkg('core/src/index.ts') },
      { find: /^@sportspyder\/react$/, replacement: pkg('react/src/index.ts') },
      // The content components' stylesheet (the site composes them on its pages).
      { find: /^@sportspyder\/react\/content\.css$/, replacement: pkg('react/src/content/content.css') },
    ],
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
