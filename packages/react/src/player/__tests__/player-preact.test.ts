// @vitest-environment node
// The player embed reuses these components under preact/compat: bundle the player entry with React
// aliased to Preact (as the embed's build does) and render them with Preact.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const playerDir = fileURLToPath(new URL('..', import.meta.url));
const coreEntry = fileURLToPath(new URL('../../../../core/src/index.ts', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'sportspyder-player-preact-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('player components under preact/compat', () => {
  it('bundle without React and render the play button, controls, seek, speed and volume', async () => {
    const result = await build({
      stdin: {
        contents: [
          "export * from './index.ts';",
          "export { h } from 'preact';",
          "export { renderToString } from 'preact-render-to-string';",
        ].join('\n'),
        resolveDir: playerDir,
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
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toContain('react.production');
    const file = join(outDir, 'player.mjs');
    writeFileSync(file, code);
    const mod = await import(/* @vite-ignore */ pathToFileURL(file).href);
    const { h, renderToString } = mod;
    const noop = () => undefined;
    expect(
      renderToString(h(mod.PlayButton, { state: 'completed', title: 'Ep 1', onClick: noop, showText: true })),
    ).toContain('Completed');
    const controls = renderToString(
      h(mod.PlayerControls, {
        state: { status: 'playing', hasPrevious: false, hasNext: true },
        actions: { toggle: noop, previous: noop, next: noop, skipBack: noop, skipForward: noop },
      }),
    );
    expect(controls).toContain('aria-label="Pause"');
    expect(controls).toContain('aria-label="Back 10 seconds"');
    expect(controls).toContain('aria-label="Forward 30 seconds"');
    const seek = renderToString(h(mod.SeekSlider, { time: 65, duration: 600, onSeek: noop }));
    expect(seek).toContain('1:05 of 10:00');
    expect(renderToString(h(mod.SpeedSelect, { speed: 1.5, onChange: noop }))).toContain('2.5x');
    expect(renderToString(h(mod.VolumeControl, { volume: 0, onChange: noop }))).toContain('Unmute');
  });
});
