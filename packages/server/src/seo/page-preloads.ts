/**
 * What a page of the site preloads with its HTML (issue 46: "the first screen's data arrives with the
 * HTML or is preloaded, not found by a chain of requests after the script runs"): its own code, the
 * chunks the site's build lists per route in `dist/.vite/route-preloads.json` (scripts/route-preloads.mjs:
 * the route table's chunk and the page's modules, each with its static imports, beyond what index.html
 * already loads), as `<link rel="modulepreload">` and `<link rel="preload" as="style">`; and the API reads
 * its first screen makes (`first-screen-reads.ts`) as `<link rel="preload" as="fetch">`. The tags go in
 * before the entry script, so the browser starts them with the HTML instead of after the entry ran,
 * the route table loaded and the page rendered.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from './page-head.js';

/** The build's file of preloads per route, inside the site's dist (scripts/route-preloads.mjs). */
export const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

/** One route's files: scripts and stylesheets, site paths (`/assets/...`). */
export interface RouteFiles {
  js: string[];
  css: string[];
}

/** The build's preloads, by `SITE_PATHS` entry. */
export type RoutePreloadTable = Readonly<Record<string, RouteFiles>>;

const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/**
 * The build's table from `siteDir`, or an empty one when the build wrote none (an older build, a
 * hand-written shell) or it is not what the script writes: a page then preloads no code, as before.
 */
export async function readRoutePreloads(siteDir: string): Promise<RoutePreloadTable> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(siteDir, ROUTE_PRELOADS_FILE), 'utf8'));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const table: Record<string, RouteFiles> = {};
  const files = (value: unknown) =>
    Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && ASSET.test(f)) : [];
  for (const [route, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (!entry || typeof entry !== 'object') continue;
    const { js, css } = entry as { js?: unknown; css?: unknown };
    table[route] = { js: files(js), css: files(css) };
  }
  return table;
}

/** What one page preloads. */
export interface PagePreloads {
  /** The route's files (none for home, whose code is the entry). */
  files: RouteFiles;
  /** The first screen's API reads, as the site's core client requests them (path and query). */
  reads: readonly string[];
}

/**
 * The preload tags of a page. Scripts and stylesheets are fetched as Vite's loader asks for them (CORS,
 * same-origin credentials: `crossorigin`); API reads as core's transport does (`credentials: 'include'`:
 * `crossorigin="use-credentials"`): a preload whose mode or credentials differ from the real request is
 * not used, and the browser fetches twice.
 */
export function renderPreloadTags({ files, reads }: PagePreloads): string {
  return [
    ...reads.map(
      (url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="use-credentials" />`,
    ),
    ...files.js.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
    ...files.css.map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}" />`),
  ].join('\n    ');
}

/**
 * `html` with `tags` before its entry script (the first module script), or before `</head>` when it has
 * none; unchanged when `tags` is empty.
 */
export function injectPreloads(html: string, tags: string): string {
  if (!tags) return html;
  const script = html.search(/<script\s[^>]*type=["']module["']/i);
  const at = script !== -1 ? script : html.search(/<\/head>/i);
  if (at === -1) return html;
  return `${html.slice(0, at)}${tags}\n    ${html.slice(at)}`;
}
