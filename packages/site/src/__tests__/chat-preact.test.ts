// @vitest-environment node
// The chat embed reuses the message list and the message row in a Preact build (react aliased to
// preact/compat). This bundles them exactly so, @tanstack/react-virtual included, and renders them
// with Preact: a React-only API, or the router, would fail to bundle or to render here.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMessage } from './chat-backend.js';

const siteDir = fileURLToPath(new URL('../..', import.meta.url));
const packages = fileURLToPath(new URL('../../..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'sportspyder-chat-preact-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function bundleUnderPreact(): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        "export { MessageList } from './src/pages/chat/MessageList.tsx';",
        "export { MessageItem } from './src/pages/chat/MessageItem.tsx';",
        "export { h } from 'preact';",
        "export { renderToString } from 'preact-render-to-string';",
      ].join('\n'),
      resolveDir: siteDir,
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
      '@sportspyder/core': join(packages, 'core/src/index.ts'),
      '@sportspyder/react': join(packages, 'react/src/index.ts'),
      '@sportspyder/contract': join(packages, 'contract/src/index.ts'),
    },
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('the chat list under preact/compat', () => {
  it('bundles without React or the router and renders the list and a message with Preact', async () => {
    const code = await bundleUnderPreact();
    expect(code).not.toContain('react.production');
    expect(code).not.toContain('__SECRET_INTERNALS');
    expect(code).not.toContain('react-router');
    const file = join(outDir, 'bundle.mjs');
    writeFileSync(file, code);
    const mod = await import(/* @vite-ignore */ pathToFileURL(file).href);
    const { h, renderToString } = mod;
    const message = makeMessage({ id: 1, content: 'Go Pack Go https://example.com/x' });
    const item = { message, liked: false, isNew: false, highlighted: false };
    const actions = { like() {}, report() {}, remove() {}, copyLink() {}, userCard() {} };
    const row = renderToString(h(mod.MessageItem, { item, currentUserId: null, actions }));
    expect(row).toContain('Go Pack Go');
    expect(row).toContain('rel="nofollow ugc noopener"');
    const list = renderToString(
      h(mod.MessageList, {
        items: [item],
        newestAt: 'bottom',
        label: 'Messages in Packers',
        height: 218,
        currentUserId: null,
        renderItem: (entry: typeof item) => h(mod.MessageItem, { item: entry, currentUserId: null, actions }),
      }),
    );
    expect(list).toContain('aria-label="Messages in Packers"');
  });
});
