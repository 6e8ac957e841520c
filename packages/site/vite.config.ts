// Vite build of the website. Sibling packages are aliased to their sources so neither a prior build
// nor a dev watcher of core/react is needed; the API, websocket and logos are proxied to the server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazyChunks } from './lazy-chunks-plugin.js';
import { webManifest } from './web-manifest.js';

const pkg = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const server = process.env.SPORTSPYDER_API ?? 'http://localhost:8080';
const nodeModule = (p: string) => fileURLToPath(import.meta.resolve(p));

// React Router 7 resolves to its development build under every export condition; the production
// build drops the dev warnings (a few KB of the home route's initial JavaScript, issue 4 budget).
const routerProduction = [
  {
    find: /^react-router\/dom$/,
    replacement: nodeModule('react-router/dom').replace('/development/', '/production/'),
  },
  {
    find: /^react-router$/,
    replacement: nodeModule('react-router').replace('/development/', '/production/'),
  },
];

// The production build runs on Preact (preact/compat) in place of React DOM: see
// docs/decisions/performance-and-caching.md. Dev and the unit tests keep React.
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Which chunk holds each lazily imported module, for the build's budget check and route preloads.
    lazyChunks(),
    // The installable app and offline reading (issue 49): the service worker's source is ours
    // (src/service-worker/sw.ts, injectManifest), the plugin lists the shell's files into it and writes
    // the web app manifest. The site registers the worker itself (src/service-worker/register.ts), after
    // load, so the plugin injects no script.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webManifest,
      manifestFilename: 'manifest.webmanifest',
      // The server adds the member's followed teams to the manifest's shortcuts (http/web-manifest.ts):
      // browsers send the session cookie for it only with crossorigin="use-credentials".
      useCredentials: true,
      includeManifestIcons: false,
      injectManifest: {
        // The shell: the entry HTML, every hashed script and stylesheet (lazy routes too, so any page
        // opens offline), the icons. Not the source maps nor the precompressed copies.
        globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
        globIgnores: ['**/*.map'],
        // A classic script: module service workers are not supported everywhere yet.
        rollupFormat: 'iife',
        minify: true,
        sourcemap: false,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      { find: /^@sportspyder\/core$/, replacement: pkg('core/src/index.ts') },
      { find: /^@sportspyder\/react$/, replacement: pkg('react/src/index.ts') },
      // The content components' stylesheet (the site composes them on its pages).
      { find: /^@sportspyder\/react\/content\.css$/, replacement: pkg('react/src/content/content.css') },
      { find: /^@sportspyder\/react\/player\.css$/, replacement: pkg('react/src/player/player.css') },
      ...(command === 'build' ? [...routerProduction, ...preactCompat] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lists every chunk's static imports and CSS: scripts/site-budget.mjs computes each
    // route's initial JavaScript and CSS from it after the build (issue 46 budgets).
    manifest: true,
    target: 'es2022',
    // Terser (two compress passes) packs the home route's initial JavaScript about 3 KB gzipped
    // smaller than esbuild's minifier (the home budget was 120 KB then; issue 46's 100 KB is met by
    // preact/compat with room to spare, and terser still saves those bytes on every route).
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    // One stylesheet for every route, in the head (all of it is 16 KB gzipped, under the 25 KB route
    // budget): a route's own stylesheet inserted after its chunk loaded restyled and laid out the whole
    // page again, a 0.5 s long task of Lighthouse's mobile run on a team page (issue 46).
    cssCodeSplit: false,
    rollupOptions: {
      output: {
        // Chunks under 4 KB are merged into a chunk that loads with them where that runs no code
        // earlier: a team page fetched 33 scripts (now 8), most of them a few hundred bytes, each a
        // request on a slow phone network (issue 46). 10 KB merged 10 KB gzipped more into home's entry.
        experimentalMinChunkSize: 4_000,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/cable': { target: server, ws: true },
      '/logos': { target: server },
    },
  },
}));
