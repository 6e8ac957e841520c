// The web app manifest of the installable site (issue 49), written by vite-plugin-pwa as
// /manifest.webmanifest. The server answers that path with the signed-in member's followed teams put
// before these shortcuts (packages/server/src/http/web-manifest.ts); a visitor gets them as they are:
// docs/decisions/offline-and-alerts.md "Installable and offline".
import type { ManifestOptions } from 'vite-plugin-pwa';

/** The logo's background (public/favicon.svg): the theme and splash colour. */
const LOGO_BACKGROUND = '#0d1b2a';

/** The manifest's fields. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'SportSpyder',
  short_name: 'SportSpyder',
  description: 'Sports news, podcasts, videos and chat for the teams you follow.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: LOGO_BACKGROUND,
  background_color: LOGO_BACKGROUND,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'My teams',
      short_name: 'My teams',
      description: 'The teams you follow',
      url: '/settings/following',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'My podcasts and downloads',
      short_name: 'Podcasts',
      description: 'Your podcasts and the episodes downloaded for offline listening',
      url: '/my/podcasts',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Top news',
      short_name: 'News',
      url: '/',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};
