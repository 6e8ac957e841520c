/**
 * Locates the server package on disk, so data files (migrations, reference data) and the default
 * site folder resolve the same way from `src/` (tests, tsx) and from the bundled `dist/main.js`.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/** Returns the absolute path of the `@sportspyder/server` package folder (the one holding its package.json). */
export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (pkg.name === '@sportspyder/server') {
        cachedRoot = dir;
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @sportspyder/server package folder');
    dir = parent;
  }
}

/** Returns the version in the server's package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** Folder of the SQL migrations (`NNNN_name.sql`). */
export function migrationsDir(): string {
  return join(packageRoot(), 'src', 'db', 'migrations');
}

/** Folder of the seeded reference data (sports, teams, topics, legacy slugs). */
export function referenceDataDir(): string {
  return join(packageRoot(), 'data', 'reference');
}

/** Folder of the real world's catalogue of public feeds (issue 44). */
export function catalogueDataDir(): string {
  return join(packageRoot(), 'data', 'catalogue');
}

/** Folder of the sports data provider's hand-made pairs (issue 45). */
export function sportsDataDir(): string {
  return join(packageRoot(), 'data', 'sports-data');
}

/** Default folder of the built site: `packages/site/dist` beside the server package. */
export function defaultSiteDir(): string {
  return resolve(packageRoot(), '..', 'site', 'dist');
}

/** Default folder of the built developer docs (`npm run docs`): `docs/api` of the repository. */
export function defaultDocsDir(): string {
  return resolve(packageRoot(), '..', '..', 'docs', 'api');
}

/** Default folder of the built embeds: `packages/widgets/dist` beside the server package. */
export function defaultWidgetsDir(): string {
  return resolve(packageRoot(), '..', 'widgets', 'dist');
}
