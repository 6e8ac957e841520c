// Checks the published packages as a registry user gets them (`npm test` runs it after the build): packs
// every non-private workspace with `npm pack`, then on each tarball
//   - publint (errors and warnings fail) and @arethetypeswrong/cli (every problem fails),
//   - the tarball's file list (no tests, fixtures, secrets or build bookkeeping; README and LICENSE there)
//     and its texts (no credential-shaped strings),
// installs the tarballs into a temporary project, imports each entry point in Node (ESM, and CommonJS where
// shipped), type-checks a small consumer with tsc under moduleResolution node16 and bundler, and checks the
// embeds' Subresource Integrity hashes in packages/widgets/README.md against the built files.
//
// The install is offline and fast on purpose: each tarball is unpacked into the project's node_modules as
// npm would, and only the third-party packages they declare (dependencies and peer dependencies) are
// linked from the repository's node_modules, so an import of something undeclared fails here as it would
// for a user. Exceptions to the tools' rules must be listed in EXCEPTIONS with the reason.
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { hashFiles, readmeIntegrity } from '../packages/widgets/scripts/integrity.mjs';
import { contentProblems, moduleEntryPoints, publishablePackages, secretsIn } from './package-checks.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * Exceptions to publint (by message code) and attw (by rule name, excluded entry points, profile), per
 * package, each with why. The server ships ESM only, so attw does not check its CommonJS resolutions.
 * (attw on the widgets, which ship browser scripts and no types, finds nothing to object to.)
 */
const EXCEPTIONS = {
  '@sportspyder/server': { attwProfile: 'esm-only' },
  '@sportspyder/react': {
    // Stylesheets exported for bundlers (`import '@sportspyder/react/content.css'`): not modules.
    attwExclude: ['./content.css', './player.css'],
  },
};

/** Third-party packages the consumer itself needs beside what the tarballs declare. */
const CONSUMER_LINKS = ['@types/node', '@types/react', 'react', 'react-dom', 'ws', '@types/ws'];

const failures = [];
const fail = (pkg, message) => failures.push(`${pkg}: ${message}`);
const started = Date.now();
const step = (label) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${label}`);

const work = mkdtempSync(join(tmpdir(), 'sportspyder-packages-'));
const tarballs = join(work, 'tarballs');
const app = join(work, 'app');
mkdirSync(tarballs);
mkdirSync(join(app, 'node_modules'), { recursive: true });

try {
  const packages = publishablePackages(root);
  step(`packing ${packages.map((p) => p.manifest.name).join(', ')}`);
  const { stdout } = await run(
    'npm',
    [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      tarballs,
      ...packages.flatMap((p) => ['-w', p.dir]),
    ],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  const packed = JSON.parse(stdout);
  for (const pkg of packages) {
    const info = packed.find((p) => p.name === pkg.manifest.name);
    pkg.tarball = join(tarballs, info.filename);
    pkg.files = info.files.map((f) => f.path);
    pkg.installed = join(app, 'node_modules', ...pkg.manifest.name.split('/'));
  }

  step('unpacking into a temporary project');
  await Promise.all(
    packages.map(async (pkg) => {
      mkdirSync(pkg.installed, { recursive: true });
      await run('tar', ['-xzf', pkg.tarball, '-C', pkg.installed, '--strip-components=1']);
    }),
  );
  linkThirdParty(packages);
  // The consumer project is ESM (its .cts file is the CommonJS side).
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );

  step('publint, attw, contents, Node imports and tsc (in parallel)');
  await Promise.all([
    ...packages.map((pkg) => checkPublint(pkg)),
    ...packages.map((pkg) => checkAttw(pkg)),
    ...packages.map(async (pkg) => checkContents(pkg)),
    checkWidgetsIntegrity(packages.find((p) => p.manifest.name === '@sportspyder/widgets')),
    checkImports(packages),
    checkTypes('node16'),
    checkTypes('bundler'),
  ]);
} catch (error) {
  failures.push(`check-packages: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

step(failures.length ? `${failures.length} problem(s)` : 'all packages ready to publish');
for (const failure of failures) console.error(`  - ${failure}`);
process.exitCode = failures.length ? 1 : 0;

/** Links each third-party dependency the tarballs declare (and the consumer's own) from the repository. */
function linkThirdParty(packages) {
  const wanted = new Map(CONSUMER_LINKS.map((name) => [name, root]));
  for (const pkg of packages) {
    const { dependencies = {}, peerDependencies = {} } = pkg.manifest;
    for (const name of Object.keys({ ...dependencies, ...peerDependencies })) {
      if (!name.startsWith('@sportspyder/') && !wanted.has(name)) wanted.set(name, join(root, pkg.dir));
    }
  }
  for (const [name, from] of wanted) {
    // A package's own node_modules holds the version it needs when the root's differs.
    const source = [join(from, 'node_modules', name), join(root, 'node_modules', name)].find((p) =>
      existsSync(p),
    );
    if (!source) {
      fail('install', `${name} is not installed in the repository`);
      continue;
    }
    const target = join(app, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    if (!existsSync(target)) symlinkSync(source, target, 'dir');
  }
}

async function checkPublint(pkg) {
  const bytes = readFileSync(pkg.tarball);
  const { messages, pkg: manifest } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    level: 'warning',
    strict: true,
  });
  const allowed = EXCEPTIONS[pkg.manifest.name]?.publint ?? {};
  for (const message of messages) {
    if (message.code in allowed) continue;
    fail(
      pkg.manifest.name,
      `publint ${message.type} ${message.code}: ${formatMessage(message, manifest, { color: false })}`,
    );
  }
}

async function checkAttw(pkg) {
  const rules = EXCEPTIONS[pkg.manifest.name] ?? {};
  const args = [pkg.tarball, '--format', 'ascii', '--no-emoji', '--no-color', '--no-definitely-typed'];
  args.push('--profile', rules.attwProfile ?? 'strict');
  if (rules.attwIgnore?.length) args.push('--ignore-rules', ...rules.attwIgnore);
  if (rules.attwExclude?.length) args.push('--exclude-entrypoints', ...rules.attwExclude);
  try {
    await run(bin('attw'), args, { cwd: work, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    fail(pkg.manifest.name, `attw found problems:\n${error.stdout || error.message}`);
  }
}

/** The file list of `npm pack` and the texts of the unpacked files. */
function checkContents(pkg) {
  for (const problem of contentProblems(pkg.files, pkg.installed)) fail(pkg.manifest.name, problem);
  for (const path of pkg.files) {
    const file = join(pkg.installed, path);
    if (statSync(file).size > 4 * 1024 * 1024) continue;
    for (const secret of secretsIn(readFileSync(file, 'utf8')))
      fail(pkg.manifest.name, `${path} contains ${secret}`);
  }
}

/**
 * The embeds' hashes: the README's table for the current version equals the sha384 of the built files, in
 * the repository's dist and in the tarball, and dist/integrity.json says the same.
 */
async function checkWidgetsIntegrity(pkg) {
  if (!pkg) return;
  const name = pkg.manifest.name;
  const version = pkg.manifest.version;
  const dir = join(root, pkg.dir);
  const manifest = JSON.parse(readFileSync(join(dir, 'dist', 'manifest.json'), 'utf8'));
  const files = Object.keys(manifest);
  const listed = readmeIntegrity(readFileSync(join(dir, 'README.md'), 'utf8'))[version];
  if (!listed) return fail(name, `README.md lists no integrity hashes for version ${version}`);
  const sources = [
    ['the built files', await hashFiles(join(dir, 'dist'), files)],
    ['the packed files', await hashFiles(join(pkg.installed, 'dist'), files)],
    ['dist/integrity.json', JSON.parse(readFileSync(join(dir, 'dist', 'integrity.json'), 'utf8')).files],
  ];
  for (const [what, hashes] of sources) {
    for (const file of files) {
      if (listed[file] !== hashes[file]) {
        fail(name, `README.md lists ${file}@${version} as ${listed[file]}, ${what} hash to ${hashes[file]}`);
      }
    }
  }
  const packedReadme = readmeIntegrity(readFileSync(join(pkg.installed, 'README.md'), 'utf8'))[version];
  if (JSON.stringify(packedReadme) !== JSON.stringify(listed))
    fail(name, 'the packed README lists other hashes');
}

/** Imports every module entry point in Node: ESM with import(), CommonJS with require() where shipped. */
async function checkImports(packages) {
  const esm = [];
  const cjs = [];
  for (const pkg of packages) {
    for (const entry of moduleEntryPoints(pkg.manifest)) {
      const specifier =
        entry.subpath === '.' ? pkg.manifest.name : `${pkg.manifest.name}/${entry.subpath.slice(2)}`;
      if (entry.esm) esm.push(specifier);
      if (entry.cjs) cjs.push(specifier);
    }
  }
  const report = (how) =>
    `if (Object.keys(m).length === 0) throw new Error(s + ' (${how}) has no exports'); console.log('${how}', s, Object.keys(m).length);`;
  writeFileSync(
    join(app, 'imports.mjs'),
    `for (const s of ${JSON.stringify(esm)}) { const m = await import(s); ${report('import')} }\nprocess.exit(0);\n`,
  );
  writeFileSync(
    join(app, 'requires.cjs'),
    `for (const s of ${JSON.stringify(cjs)}) { const m = require(s); ${report('require')} }\nprocess.exit(0);\n`,
  );
  await Promise.all(
    ['imports.mjs', 'requires.cjs'].map(async (script) => {
      try {
        await run(process.execPath, [script], { cwd: app, timeout: 60_000 });
      } catch (error) {
        fail('node', `${script} failed:\n${error.stderr || error.message}`);
      }
    }),
  );
}

/** A small consumer of every package, type-checked under one module resolution with the shipped types. */
async function checkTypes(resolution) {
  const dir = join(app, `tsc-${resolution}`);
  mkdirSync(dir, { recursive: true });
  cpConsumer(dir, resolution);
  let output = '';
  try {
    await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
      cwd: app,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    output = error.stdout || error.message;
  }
  // Only errors in the consumer or in the shipped declarations count: a third-party package's own
  // declarations (e.g. PGlite's, which need @types/emscripten) are not this project's to fix.
  const entries = output.split(/\n(?=\S)/);
  const ours = entries.filter((entry) => /^(tsc-\w+\/|node_modules\/@sportspyder\/)/.test(entry));
  if (ours.length) fail(`tsc ${resolution}`, `the consumer does not type-check:\n${ours.join('\n').trim()}`);
  else if (output && !/error TS/.test(output)) fail(`tsc ${resolution}`, output);
}

function cpConsumer(dir, resolution) {
  const consumerDir = join(root, 'scripts', 'package-consumer');
  const files = readdirSync(consumerDir).filter((f) =>
    resolution === 'node16' ? true : !f.endsWith('.cts'),
  );
  for (const file of files) writeFileSync(join(dir, file), readFileSync(join(consumerDir, file)));
  const compilerOptions = {
    target: 'es2022',
    lib: ['es2023', 'dom', 'dom.iterable'],
    strict: true,
    noEmit: true,
    // The shipped declarations are checked too, so an import they cannot resolve fails.
    skipLibCheck: false,
    types: ['node'],
    jsx: 'react-jsx',
    ...(resolution === 'node16'
      ? { module: 'node16', moduleResolution: 'node16' }
      : { module: 'esnext', moduleResolution: 'bundler' }),
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }, null, 2));
  console.log(`tsc ${resolution}: ${files.map((f) => relative(app, join(dir, f))).join(', ')}`);
}
