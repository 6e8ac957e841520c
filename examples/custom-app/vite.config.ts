// Vite config of the team dashboard. The app talks to SportSpyder as if it were on the same origin:
// the dev server (and `vite preview`) forward the API, the realtime socket and the media to the
// SportSpyder server, so its session and CSRF cookies work as on sportspyder.com.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SportSpyder server (`npm start` listens on 8080); SPORTSPYDER_URL points elsewhere. */
const target = process.env.SPORTSPYDER_URL ?? 'http://localhost:8080';

// changeOrigin stays false: the server checks the websocket's Origin against the Host it is reached at.
const proxy = {
  '/api': { target },
  '/cable': { target, ws: true },
  '/logos': { target },
  '/demo': { target },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // One React for the app and @sportspyder/react, also when the packages are linked from a checkout.
  resolve: { dedupe: ['react', 'react-dom'] },
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
});
