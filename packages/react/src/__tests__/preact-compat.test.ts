// @vitest-environment node
// The embeds reuse these components in Preact builds (react aliased to preact/compat). This test
// bundles the package entry with that alias, exactly as the embeds' build will, and renders the
// components with Preact: a React-only API would fail to bundle or to render here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { sports, topics } from './fixtures.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const coreEntry = fileURLToPath(new URL('../../../core/src/index.ts', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'sportspyder-preact-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Bundles the package with React replaced by Preact, plus Preact's own renderer, into one module. */
async function bundleUnderPreact(): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        "export * from './src/index.ts';",
        "export { h } from 'preact';",
        "export { renderToString } from 'preact-render-to-string';",
      ].join('\n'),
      resolveDir: packageDir,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
      '@sportspyder/core': coreEntry,
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('components under preact/compat', () => {
  it('bundle with react aliased to preact/compat and render with Preact', async () => {
    const code = await bundleUnderPreact();
    // No React code may be in the bundle: everything resolved to Preact.
    expect(code).not.toContain('react.production');
    expect(code).not.toContain('__SECRET_INTERNALS');
    const file = join(outDir, 'bundle.mjs');
    writeFileSync(file, code);
    const mod = await import(/* @vite-ignore */ pathToFileURL(file).href);
    const { h, renderToString } = mod;

    const nav = renderToString(h(mod.SportNav, { sports, topics }));
    expect(nav).toContain('NFL');
    expect(nav).toContain('NCAAB');
    expect(nav).toContain('href="/sports/nfl"');

    const notFound = renderToString(h(mod.NotFoundPage, { teams: [] }));
    expect(notFound).toMatch(/Whoops\. The page you(&#39;|')re looking for doesn(&#39;|')t exist\./);

    const footer = renderToString(h(mod.Footer, { now: new Date('2030-05-01T00:00:00Z') }));
    expect(footer).toContain('2005');
    expect(footer).toContain('2030');

    expect(renderToString(h(mod.NotificationBadge, { count: 25 }))).toContain('20+');
  });
});
