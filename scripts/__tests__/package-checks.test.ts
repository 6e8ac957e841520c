// The rules of scripts/check-packages.mjs that are not publint's or attw's, and the widgets' SRI writer:
// a tarball with a test, a fixture, an env file or build bookkeeping fails, as does one without README or
// LICENSE; a credential-shaped string is found; the module entry points and their formats come from
// `exports`; the README keeps every version's hashes and gets the current one from the built files.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import * as integrity from '../../packages/widgets/scripts/integrity.mjs';
// @ts-expect-error: a plain ES module script without types
import { contentProblems, moduleEntryPoints, secretsIn } from '../package-checks.mjs';

const { readmeIntegrity, sriHash, withVersionIntegrity, writeIntegrity } = integrity;

const base = ['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts'];

describe('contentProblems', () => {
  it('accepts a build with its README and LICENSE', () => {
    expect(contentProblems(base)).toEqual([]);
  });

  it('names each test, fixture, secret file and bookkeeping file that would be published', () => {
    const problems = contentProblems([
      ...base,
      'src/__tests__/client.test.ts',
      'dist/client.test.js.map',
      'test-fixtures/feeds/a.xml',
      '.env.local',
      'certs/server.pem',
      'dist/.build-input-hash',
      'tsconfig.json',
    ]);
    expect(problems).toEqual([
      'src/__tests__/client.test.ts: a test folder must not be published',
      'src/__tests__/client.test.ts: a test file must not be published',
      'dist/client.test.js.map: a test file must not be published',
      'test-fixtures/feeds/a.xml: test fixtures must not be published',
      '.env.local: an environment file must not be published',
      'certs/server.pem: a key or certificate must not be published',
      'dist/.build-input-hash: build bookkeeping (scripts/build-changed.mjs) must not be published',
      'tsconfig.json: a development config must not be published',
    ]);
  });

  it('finds a source map of test sources in the unpacked package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportspyder-pack-'));
    try {
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist/index.js.map'), JSON.stringify({ sources: ['../src/index.ts'] }));
      writeFileSync(join(dir, 'dist/chunk.js.map'), JSON.stringify({ sources: ['../src/__tests__/a.ts'] }));
      expect(contentProblems([...base, 'dist/index.js.map', 'dist/chunk.js.map'], dir)).toEqual([
        'dist/chunk.js.map: maps test sources',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('requires the README and the LICENSE', () => {
    expect(contentProblems(['package.json', 'dist/index.js'])).toEqual([
      'README.md is missing',
      'LICENSE is missing',
    ]);
  });
});

describe('secretsIn', () => {
  it('finds credential-shaped strings and leaves test keys and prose alone', () => {
    const live = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
    expect(secretsIn(`const key = '${live}';`)).toEqual(['a Stripe live key']);
    expect(secretsIn('-----BEGIN RSA PRIVATE KEY-----\nMIIE')).toEqual(['a private key']);
    expect(
      secretsIn("stripe test tokens: 'tok_visa', 'sk_test_123'; a private key is never shipped"),
    ).toEqual([]);
  });
});

describe('moduleEntryPoints', () => {
  it('lists module subpaths with the formats they ship, not files or patterns', () => {
    const manifest = {
      type: 'module',
      exports: {
        '.': {
          import: { types: './a.d.ts', default: './a.js' },
          require: { types: './a.d.cts', default: './a.cjs' },
        },
        './testing': { types: './t.d.ts', default: './t.js' },
        './content.css': './content.css',
        './package.json': './package.json',
        './*.js': './dist/*.js',
      },
    };
    expect(moduleEntryPoints(manifest)).toEqual([
      { subpath: '.', esm: true, cjs: true },
      { subpath: './testing', esm: true, cjs: false },
    ]);
  });
});

describe('the widgets README hashes', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps earlier versions, newest first, and replaces the current one', () => {
    let readme = '# Widgets\n';
    readme = withVersionIntegrity(readme, '0.9.0', { 'headline.js': 'sha384-old' });
    readme = withVersionIntegrity(readme, '0.10.0', { 'headline.js': 'sha384-first' });
    readme = withVersionIntegrity(readme, '0.10.0', { 'headline.js': 'sha384-new', 'player.js': 'sha384-p' });
    expect(readmeIntegrity(readme)).toEqual({
      '0.10.0': { 'headline.js': 'sha384-new', 'player.js': 'sha384-p' },
      '0.9.0': { 'headline.js': 'sha384-old' },
    });
    expect(readme.indexOf('### 0.10.0')).toBeLessThan(readme.indexOf('### 0.9.0'));
    expect(readme).toContain('| `player.js` | `/widgets/v0.10.0/player.js` | `sha384-p` |');
    expect(readme.startsWith('# Widgets\n')).toBe(true);
  });

  it('writes the sha384 of the built files to dist/integrity.json and the README', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sportspyder-sri-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'headline.js'), 'alert(1)');
    writeFileSync(join(dir, 'README.md'), '# Widgets\n\n## Versions\n');
    await writeIntegrity({ root: dir, version: '1.0.0', files: ['headline.js'] });
    // The value browsers compute for `alert(1)` (openssl dgst -sha384 -binary | openssl base64 -A).
    const expected = 'sha384-HT2E9NfWiuQ/w1PRai+hTyqW16NIoCGA/m8VQDUopfAtcz6YQjtsMmQd5uRbVDpW';
    expect(sriHash('alert(1)')).toBe(expected);
    expect(JSON.parse(readFileSync(join(dir, 'dist', 'integrity.json'), 'utf8'))).toEqual({
      version: '1.0.0',
      files: { 'headline.js': expected },
    });
    expect(readmeIntegrity(readFileSync(join(dir, 'README.md'), 'utf8'))).toEqual({
      '1.0.0': { 'headline.js': expected },
    });
  });
});
