/**
 * Draws the installed app's icons (issue 49) from the site's logo, `packages/site/public/favicon.svg`,
 * into `packages/site/public/icons/`: 192 and 512 px "any" icons, a 512 px maskable icon (the logo's
 * letter inside the safe zone, the background to the edges) and the 180 px apple-touch icon. The PNGs
 * are committed: the build never draws them (no image library is installed; Chromium is only on the
 * machines that run browser tests). Run again after the logo changes:
 * `node scripts/ensure-chromium && npx tsx scripts/make-app-icons.ts`.
 * @module
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../packages/site/public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`, 'utf8');
// The logo's own colours: the square's fill is the background of the full-bleed icons.
const background = /<rect[^>]*fill="(#[0-9a-f]{3,8})"/i.exec(logo)?.[1] ?? '#0d1b2a';

interface Icon {
  file: string;
  size: number;
  /** Full bleed: no rounded corners, the letter scaled into the maskable safe zone (80% circle). */
  fullBleed: boolean;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
];

function pageOf(icon: Icon): string {
  const svg = icon.fullBleed
    ? // The logo without its rounded square, shrunk to 70% so the letter stays in the safe zone.
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
      `<g transform="translate(4.8 4.8) scale(0.7)">${logo
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>\s*$/, '')
        .replace(/<rect[^>]*\/>/, '')}</g></svg>`
    : logo;
  return `<!doctype html><html><body style="margin:0;background:transparent">
<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  mkdirSync(`${publicDir}icons`, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(pageOf(icon));
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const png = await page.screenshot({
      omitBackground: !icon.fullBleed,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(`${publicDir}icons/${icon.file}`, png);
    await page.close();
    console.log(`icons/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
