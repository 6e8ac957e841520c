// Builds the embeds with Rollup: dist/headline.js, dist/player.js, dist/chat.js (the chat loader) and
// dist/chat-frame.js (the page inside the chat iframe), each one minified IIFE, their content-hashed
// copies dist/<name>.<hash>.js for the versioned URLs, and dist/manifest.json mapping one to the other.
// Fails when an embed exceeds its size budget (gzipped, Preact runtime included): headline.js 8 KB,
// player.js 12 KB, chat.js 3 KB, chat-frame.js 45 KB.
//
// The plugins are small local ones on purpose: esbuild (already installed) strips types and minifies,
// and module resolution uses Node's own resolver, so the build adds no plugin packages or native binaries.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
import { rollup } from 'rollup';
import { minify } from 'terser';
import { writeIntegrity } from './integrity.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

/** Gzipped size limit of each embed, in bytes. */
const BUDGETS = { 'headline.js': 8192, 'player.js': 12288, 'chat.js': 3072, 'chat-frame.js': 46080 };

// Build-time aliases shared by every embed: React imports (components shared with @sportspyder/react) run
// on preact/compat.
const SHARED_ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
};

// Per-embed aliases. The headline embed imports only pure rules from the core (the widget limit, which
// articles have a picture): pointing the package name at the module of those rules keeps the core's client,
// realtime and their dependencies out of the bundle. The player embed takes the player engine from the core's index; every module but the entry is
// treated as free of side effects, so only what the engine uses is bundled. Its store's event emitter
// (eventemitter3, ~1 KB gzipped) is swapped for a minimal one with the same behaviour for the store, and
// ActionCable (a UMD file Rollup cannot read exports from; the realtime module is never bundled) for a stub.
const ENTRY_ALIASES = {
  'headline.ts': { '@sportspyder/core': join(root, '../core/src/content/headline-rules.ts') },
  'player.ts': {
    '@sportspyder/core': join(root, '../core/src/index.ts'),
    eventemitter3: join(root, 'src/player/tiny-emitter.ts'),
    '@rails/actioncable': join(root, 'src/player/no-realtime.ts'),
  },
  // The chat frame runs the core's client and chat (live on the cable, so ActionCable stays); from the
  // contract it needs only the embed's constants (the rest is types), not TypeBox.
  'chat/frame-entry.ts': {
    '@sportspyder/core': join(root, '../core/src/index.ts'),
    '@sportspyder/contract': join(root, '../contract/src/chat-embed-constants.ts'),
    eventemitter3: join(root, 'src/player/tiny-emitter.ts'),
    // The package's ES module build (its `module` field): Rollup cannot read the UMD `main`'s exports.
    '@rails/actioncable': fileURLToPath(
      import.meta.resolve('@rails/actioncable/app/assets/javascripts/actioncable.esm.js'),
    ),
  },
};

const DEFINE = {
  'process.env.NODE_ENV': '"production"',
  'process.env.SPORTSPYDER_WIDGETS_VERSION': JSON.stringify(pkg.version),
};

/** Resolves aliases, bare packages (ESM entry via Node's resolver) and `.js` specifiers of `.ts` files. */
const resolvePlugin = (aliases) => ({
  name: 'sportspyder-resolve',
  resolveId(source, importer) {
    const aliased = aliases[source] ?? source;
    if (aliased.startsWith('/')) return aliased;
    if (aliased.startsWith('.')) {
      const file = join(dirname(importer), aliased);
      const ts = file.replace(/\.js$/, '.ts');
      if (ts !== file && existsSync(ts)) return ts;
      if (existsSync(`${ts}x`)) return `${ts}x`;
      return file;
    }
    return fileURLToPath(import.meta.resolve(aliased, importer ? `file://${importer}` : import.meta.url));
  },
});

/** Strips TypeScript and replaces the build-time constants in every module. */
const esbuildPlugin = {
  name: 'sportspyder-esbuild',
  async transform(code, id) {
    const loader = id.endsWith('.tsx') ? 'tsx' : id.endsWith('.ts') ? 'ts' : 'js';
    const out = await transform(code, {
      loader,
      target: 'es2020',
      define: DEFINE,
      jsx: 'automatic',
      jsxImportSource: 'preact',
      sourcefile: id,
    });
    return { code: out.code, map: null };
  },
};

/**
 * Minifies one bundle. The player embed carries the whole player engine, so it gets Terser (two
 * compress passes, ~3% smaller gzipped than esbuild's minifier); the headline embed keeps esbuild.
 */
async function minifyEmbed(entry, code) {
  if (entry === 'player.ts' || entry === 'chat/frame-entry.ts') {
    const out = await minify(code, {
      ecma: 2020,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    return out.code;
  }
  const min = await transform(code, { minify: true, target: 'es2020', legalComments: 'none' });
  return min.code;
}

async function buildEmbed(entry, name) {
  const bundle = await rollup({
    input: join(root, 'src', entry),
    plugins: [resolvePlugin({ ...SHARED_ALIASES, ...ENTRY_ALIASES[entry] }), esbuildPlugin],
    treeshake: { moduleSideEffects: (id) => id.endsWith(`src/${entry}`) },
  });
  // One file per embed: a dynamic import (the core's lazy ActionCable) is inlined, never a chunk.
  const { output } = await bundle.generate({ format: 'iife', strict: true, inlineDynamicImports: true });
  await bundle.close();
  const code = await minifyEmbed(entry, output[0].code);
  const gzipped = gzipSync(code, { level: 9 }).length;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
  const versioned = name.replace(/\.js$/, `.${hash}.js`);
  const budget = BUDGETS[name];
  console.log(`${name}: ${code.length} B, ${gzipped} B gzipped (budget ${budget} B) -> ${versioned}`);
  // Nothing is written for an embed over budget, so a failed build cannot be served by accident.
  if (gzipped > budget) {
    throw new Error(`${name} is ${gzipped} B gzipped, over its budget of ${budget} B`);
  }
  await writeFile(join(dist, name), code);
  await writeFile(join(dist, versioned), code);
  return [name, versioned];
}

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
try {
  const manifest = Object.fromEntries([
    await buildEmbed('headline.ts', 'headline.js'),
    await buildEmbed('player.ts', 'player.js'),
    await buildEmbed('chat.ts', 'chat.js'),
    await buildEmbed('chat/frame-entry.ts', 'chat-frame.js'),
  ]);
  await writeFile(join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // The sha384 of each embed for its versioned URL: dist/integrity.json and the README's table.
  await writeIntegrity({ root, version: pkg.version, files: Object.keys(manifest) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
