// The pieces of the docs' example checker (scripts/check-doc-examples.ts; the whole check runs in
// `npm run docs:check`): which Markdown blocks are code to check and under which file name, how an
// example is turned into a module (imports of the public exports it uses, type-only for types, none for
// names it binds itself; a component body wrapped in a function), and the REST guide's table of calls.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeBlocks, type ExportsOf, endpointTables, wrapExample } from '../check-doc-examples.js';

const exportsOf: ExportsOf = new Map([
  [
    '@sportspyder/core',
    new Map([
      ['createClient', true],
      ['SportSpyderClient', false],
      ['teamsBySlug', true],
    ]),
  ],
  ['@sportspyder/react', new Map([['useSession', true]])],
]);

describe('codeBlocks', () => {
  it('takes ts and tsx blocks with their line and optional file name, and nothing else', () => {
    const markdown = [
      '# Guide',
      '```ts',
      'a();',
      '```',
      '```html',
      '<p>',
      '```',
      '```tsx Page.tsx',
      '<b />',
      '```',
    ].join('\n');
    expect(codeBlocks(markdown)).toEqual([
      { lang: 'ts', file: undefined, code: 'a();\n', line: 2 },
      { lang: 'tsx', file: 'Page.tsx', code: '<b />\n', line: 8 },
    ]);
  });
});

describe('wrapExample', () => {
  it('imports the public exports an example uses without importing them, types as types', () => {
    const module = wrapExample(
      {
        origin: 'core#x',
        pkg: '@sportspyder/core',
        code: 'const c: SportSpyderClient = createClient();\n',
        tsx: false,
      },
      exportsOf,
    );
    expect(module).toContain("import { createClient, type SportSpyderClient } from '@sportspyder/core';");
  });

  it('adds no import for a name the example binds itself or imports', () => {
    const module = wrapExample(
      {
        origin: 'core#y',
        pkg: '@sportspyder/core',
        code: "import { createClient } from '@sportspyder/core';\nconst { teamsBySlug } = await load();\n",
        tsx: false,
      },
      exportsOf,
    );
    // Only the example's own import: nothing added before it.
    expect(module.startsWith("// core#y\n\nimport { createClient } from '@sportspyder/core';")).toBe(true);
    expect(module.match(/import /g)).toHaveLength(1);
  });

  it('wraps a component body that ends in return in a function, keeping its imports at the top', () => {
    const module = wrapExample(
      {
        origin: 'react#useSession',
        pkg: '@sportspyder/react',
        code: "import { useState } from 'react';\nconst { loggedIn } = useSession();\nif (loggedIn) return <b />;\n",
        tsx: true,
      },
      exportsOf,
    );
    expect(module).toMatch(
      /import \{ useSession \} from '@sportspyder\/react';\nimport \{ useState \} from 'react';/,
    );
    expect(module).toContain('export function Example() {');
  });

  it('leaves guides as written: they must import what they use', () => {
    const module = wrapExample(
      { origin: 'guide:1', pkg: undefined, code: 'createClient();\n', tsx: false },
      exportsOf,
    );
    expect(module).not.toContain('import');
  });
});

describe('endpointTables', () => {
  it('lists every call of docs/openapi.json once', () => {
    const document = JSON.parse(
      readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
    ) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `| \`${m.toUpperCase()}\` | \`${path}\` |`),
    );
    const tables = endpointTables();
    for (const call of calls) expect(tables).toContain(call);
    expect(tables.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(calls.length);
  });
});
