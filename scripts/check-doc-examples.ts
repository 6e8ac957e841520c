/**
 * Type-checks the code developers copy from the docs: every ```ts/```tsx block of an `@example` tag on
 * the public exports of core, react, contract and widgets (the typedoc entry points), and every
 * ```ts/```tsx block of the guides in docs/guides/. Each block becomes a module of its own that imports
 * whatever public export it names without importing it, and all of them are checked in one TypeScript
 * program against the packages' sources. It also fails when a main entry point has no example, when a
 * guide names an embed option or an environment variable that does not exist, or when the server guide
 * leaves one of the server's environment variables out. Run with `npm run docs:check` (with the link check), or `npx tsx scripts/check-doc-examples.ts [--write]`.
 * @module
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.tmp', 'doc-examples');
const GUIDES = join(ROOT, 'docs', 'guides');

/** The packages whose public exports are documented, by entry file (the typedoc entry points). */
const PACKAGES: Record<string, string> = {
  '@sportspyder/core': 'packages/core/src/index.ts',
  '@sportspyder/core/testing': 'packages/core/src/testing/index.ts',
  '@sportspyder/react': 'packages/react/src/index.ts',
  '@sportspyder/contract': 'packages/contract/src/index.ts',
  '@sportspyder/widgets': 'packages/widgets/src/index.ts',
};

/**
 * The main entry point of each area: each must carry an `@example` (the reference's promise that one
 * can start from any area's front door with working code).
 */
export const MAIN_ENTRY_POINTS: Record<string, readonly string[]> = {
  '@sportspyder/core': [
    'createClient',
    'createTransport',
    'createSessionStore',
    'createResourceCache',
    'createRealtime',
    'createPlayer',
    'clientPlayer',
    'createChat',
    'chatFor',
    'createLiveSearch',
    'widgetSnippet',
  ],
  '@sportspyder/core/testing': ['createFakeCable'],
  '@sportspyder/react': [
    'SportSpyderProvider',
    'useSession',
    'useResource',
    'useStore',
    'usePlayerSnapshot',
    'useChat',
    'useChannelMessages',
    'useLiveSearch',
  ],
  '@sportspyder/contract': ['routes', 'buildOpenApiDocument'],
  '@sportspyder/widgets': ['mountHeadline', 'mountPlayer', 'installSportSpyder', 'readHeadlineConfig'],
};

/**
 * Examples that are deliberately fragments (a line of output, a shape), by `package#export`. Kept short:
 * each one is a place a reader cannot copy from, so it must earn its entry.
 */
export const FRAGMENTS: ReadonlySet<string> = new Set([]);

/** One block of example code and where it came from (for the error message). */
export interface DocExample {
  /** `file:line` of the block, or `package#export` for doc comments. */
  origin: string;
  /** The package whose exports the block may use without importing them. */
  pkg: string | undefined;
  code: string;
  tsx: boolean;
  /**
   * A guide's block may name its file after the language (```tsx TeamNews.tsx): it is written under that
   * name beside the guide's other blocks, so a later block can import it (`./TeamNews.js`).
   */
  file?: string | undefined;
}

const FENCE = /```(tsx?)(?:[ \t]+([\w.-]+\.tsx?))?[^\n]*\n([\s\S]*?)```/g;

/** A fenced ```ts/```tsx block of Markdown. */
export interface CodeBlock {
  lang: string;
  code: string;
  /** The line of the opening fence, from 1. */
  line: number;
  /** The file name written after the language, if any. */
  file: string | undefined;
}

/** The ```ts/```tsx blocks of a Markdown text, with the line each starts on. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const match of markdown.matchAll(FENCE)) {
    const line = markdown.slice(0, match.index).split('\n').length;
    blocks.push({ lang: match[1] ?? 'ts', file: match[2], code: match[3] ?? '', line });
  }
  return blocks;
}

/** Text of a JSDoc comment node (a tag's comment may be a string or a list of parts). */
function commentText(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string {
  if (comment === undefined) return '';
  if (typeof comment === 'string') return comment;
  return comment.map((part) => part.text ?? part.getText()).join('');
}

/** The `@example` texts of a declaration's JSDoc (and of the module comment of an entry file). */
function exampleTexts(node: ts.Node): string[] {
  return ts
    .getJSDocTags(node)
    .filter((tag) => tag.tagName.text === 'example')
    .map((tag) => commentText(tag.comment));
}

function compilerOptions(): ts.CompilerOptions {
  const file = join(ROOT, 'tsconfig.typedoc.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${file}`);
  return { ...parsed.options, noEmit: true, noUnusedLocals: false, noUnusedParameters: false };
}

/** Collects the examples of the public exports, and the names each package exports. */
function collectReferenceExamples(options: ts.CompilerOptions): {
  examples: DocExample[];
  exportsOf: ExportsOf;
  missing: string[];
} {
  const program = ts.createProgram(
    Object.values(PACKAGES).map((f) => join(ROOT, f)),
    options,
  );
  const checker = program.getTypeChecker();
  const examples: DocExample[] = [];
  const exportsOf: ExportsOf = new Map();
  const missing: string[] = [];
  const seen = new Set<ts.Node>();
  for (const [pkg, entry] of Object.entries(PACKAGES)) {
    const source = program.getSourceFile(join(ROOT, entry));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!source || !moduleSymbol) throw new Error(`Cannot read ${entry}`);
    const names = new Map<string, boolean>();
    exportsOf.set(pkg, names);
    const firstStatement = source.statements[0];
    if (firstStatement) {
      for (const text of exampleTexts(firstStatement)) pushBlocks(text, `${pkg} (module comment)`, pkg);
    }
    const withExample = new Set<string>();
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      names.set(exported.name, (symbol.flags & ts.SymbolFlags.Value) !== 0);
      const declarations = [
        ...(symbol.declarations ?? []),
        ...[...(symbol.members?.values() ?? [])].flatMap((member) => member.declarations ?? []),
      ];
      for (const declaration of declarations) {
        const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
        const texts = exampleTexts(node);
        if (texts.length > 0 && symbol.declarations?.includes(declaration)) withExample.add(exported.name);
        if (seen.has(node)) continue;
        seen.add(node);
        const member = symbol.declarations?.includes(declaration)
          ? ''
          : `.${ts.getNameOfDeclaration(declaration)?.getText() ?? ''}`;
        for (const text of texts) pushBlocks(text, `${pkg}#${exported.name}${member}`, pkg);
      }
    }
    for (const name of MAIN_ENTRY_POINTS[pkg] ?? []) {
      if (!names.has(name)) missing.push(`${pkg}#${name} is listed as a main entry point but not exported`);
      else if (!withExample.has(name)) missing.push(`${pkg}#${name} has no @example`);
    }
  }
  return { examples, exportsOf, missing };

  function pushBlocks(text: string, origin: string, pkg: string): void {
    if (FRAGMENTS.has(origin)) return;
    for (const block of codeBlocks(text))
      examples.push({ origin, pkg, code: block.code, tsx: block.lang === 'tsx' });
  }
}

/** The ```ts/```tsx blocks of every guide. */
function collectGuideExamples(): DocExample[] {
  const examples: DocExample[] = [];
  for (const name of guideFiles()) {
    const text = readFileSync(join(GUIDES, name), 'utf8');
    for (const block of codeBlocks(text)) {
      examples.push({
        origin: `docs/guides/${name}:${block.line}`,
        pkg: undefined,
        code: block.code,
        tsx: block.lang === 'tsx',
        file: `${name.replace(/\.md$/, '')}/${block.file ?? `block-${block.line}.${block.lang}`}`,
      });
    }
  }
  return examples;
}

function guideFiles(): string[] {
  return readdirSync(GUIDES)
    .filter((name) => name.endsWith('.md'))
    .sort();
}

const IMPORTED = /import\s+(?:type\s+)?(?:\*\s+as\s+(\w+)|\{([^}]*)\}|(\w+)(?:\s*,\s*\{([^}]*)\})?)\s+from/g;

/** Names a block already imports or declares at the top level (so no import is added for them). */
function boundNames(code: string): Set<string> {
  const bound = new Set<string>();
  for (const match of code.matchAll(IMPORTED)) {
    for (const group of [match[1], match[2], match[3], match[4]]) {
      for (const part of (group ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          ?.trim();
        if (name) bound.add(name);
      }
    }
  }
  for (const match of code.matchAll(/^(?:export\s+)?(?:const|let|function|class|interface|type)\s+(\w+)/gm)) {
    if (match[1]) bound.add(match[1]);
  }
  for (const match of code.matchAll(/(?:const|let)\s*[{[]([^}\]]*)[}\]]\s*=/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.split(':').pop()?.split('=')[0]?.trim();
      if (name) bound.add(name);
    }
  }
  return bound;
}

/** True when `code` has a `return` outside every function (TypeScript parses it, then refuses it). */
function hasTopLevelReturn(code: string, tsx: boolean): boolean {
  const source = ts.createSourceFile(
    tsx ? 'x.tsx' : 'x.ts',
    code,
    ts.ScriptTarget.Latest,
    false,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node: ts.Node): boolean =>
    ts.isReturnStatement(node) ||
    (!ts.isFunctionLike(node) && !ts.isClassLike(node) && ts.forEachChild(node, visit) === true);
  return ts.forEachChild(source, visit) === true;
}

/** Each package's public export names, each with true when it is a value (false: a type only). */
export type ExportsOf = Map<string, Map<string, boolean>>;

/** Packages an example may use without importing: its own first, then the ones every app has. */
const IMPLICIT = ['@sportspyder/core', '@sportspyder/react', '@sportspyder/contract'];

const IMPORT_LINE = /^import\s[\s\S]*?from\s+['"][^'"]+['"];?\s*$/gm;

/**
 * The module written for one example: imports of the public exports it names but does not import
 * (the example's own package first, then core, react, contract). A doc comment's example with a
 * `return` outside any function is the body of a component or function (a hook's example ends in
 * `return <…/>`) and is wrapped in one.
 */
export function wrapExample(example: DocExample, exportsOf: ExportsOf): string {
  const bound = boundNames(example.code);
  const used = new Set<string>();
  const imports: string[] = [];
  const packages = example.pkg ? [example.pkg, ...IMPLICIT.filter((p) => p !== example.pkg)] : [];
  for (const pkg of packages) {
    const names = [...(exportsOf.get(pkg) ?? [])].filter(
      ([name]) =>
        !bound.has(name) &&
        !used.has(name) &&
        new RegExp(`(?<![\\w$'"/-])(?<!(?<!\\.)\\.)${name}\\b`).test(example.code),
    );
    for (const [name] of names) used.add(name);
    const specifiers = names.map(([name, isValue]) => (isValue ? name : `type ${name}`));
    if (names.length > 0) imports.push(`import { ${specifiers.join(', ')} } from '${pkg}';`);
  }
  let code = example.code;
  if (example.pkg && hasTopLevelReturn(code, example.tsx)) {
    const own = code.match(IMPORT_LINE) ?? [];
    imports.push(...own);
    code = `export function Example() {\n${code.replace(IMPORT_LINE, '')}\n}`;
  }
  return `// ${example.origin}\n${imports.join('\n')}\n${code}\nexport {};\n`;
}

/** Every `data-*` option a guide's HTML snippets set on an embed's script tag, by embed file. */
function embedOptionsUsed(): { origin: string; embed: string; option: string }[] {
  const used: { origin: string; embed: string; option: string }[] = [];
  for (const name of guideFiles()) {
    const text = readFileSync(join(GUIDES, name), 'utf8');
    for (const match of text.matchAll(/<script\b[^>]*\bsrc="[^"]*\/(headline|player|chat)\.js"[^>]*>/g)) {
      const line = text.slice(0, match.index).split('\n').length;
      for (const attr of match[0].matchAll(/\sdata-([a-z-]+)/g)) {
        used.push({ origin: `docs/guides/${name}:${line}`, embed: match[1] ?? '', option: attr[1] ?? '' });
      }
    }
  }
  return used;
}

/** Sources of the server's environment variables: its non-test sources and the `npm start` script. */
function serverSources(dir = join(ROOT, 'packages/server/src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : serverSources(path);
    return /\.(ts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every environment variable the server reads (`env.NAME` or `env['NAME']`). */
function serverVariables(): Set<string> {
  const variables = new Set<string>();
  for (const file of [...serverSources(), join(ROOT, 'scripts/start.mjs')]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/env(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)) variables.add(match[1] ?? '');
  }
  return variables;
}

/** Consistency of the guides with the code: embed options exist, every server variable is documented. */
function checkGuideFacts(): string[] {
  const problems: string[] = [];
  for (const { origin, embed, option } of embedOptionsUsed()) {
    const config = readFileSync(join(ROOT, `packages/widgets/src/${embed}/config.ts`), 'utf8');
    const camel = option.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!new RegExp(`data\\.${camel}\\b|dataset\\.${camel}\\b`).test(config)) {
      problems.push(`${origin}: data-${option} is not an option of ${embed}.js`);
    }
  }
  const server = join(GUIDES, 'running-the-server.md');
  const guide = readFileSync(server, 'utf8');
  const variables = serverVariables();
  for (const variable of variables) {
    if (!guide.includes(`\`${variable}\``))
      problems.push(`${relative(ROOT, server)}: ${variable} is not documented`);
  }
  for (const match of guide.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)) {
    if (match[1] && !variables.has(match[1])) {
      problems.push(`${relative(ROOT, server)}: ${match[1]} is not read by packages/server/src/config.ts`);
    }
  }
  return problems;
}

/**
 * The names doc-comment examples use without defining, by convention (stated in the reference's intro):
 * `client` is a started client, `player` its player, and so on. Written as a global script file.
 */
const CONTEXT = `// Names the reference's examples assume (docs/reference-intro.md, "Conventions of the examples").
declare const client: import('@sportspyder/core').SportSpyderClient;
declare const player: import('@sportspyder/core').Player;
declare const episode: import('@sportspyder/contract').PodcastEpisode;
declare const team: import('@sportspyder/contract').Team;
declare const article: import('@sportspyder/contract').Article;
declare const user: import('@sportspyder/contract').User;
declare const root: import('react-dom/client').Root;
`;

/** TypeScript's codes for a name that is not defined ("Cannot find name", "… Did you mean", a shorthand property's value). */
const UNDEFINED_NAME = new Set([2304, 2552, 18004]);

/** Reads the names a diagnostic reports as undefined. */
function undefinedName(diagnostic: ts.Diagnostic): string | undefined {
  if (!UNDEFINED_NAME.has(diagnostic.code)) return undefined;
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ').match(/'([^']+)'/)?.[1];
}

/**
 * Types a guide declares for readers who cannot import them (the embeds' page global ships no type
 * declarations), each with the real type it documents: the real one must be assignable to the guide's.
 */
const DOCUMENTED_SHAPES = [
  {
    guide: 'headline-widget/sportspyder-global.ts',
    name: 'SportSpyderApi',
    real: "import('@sportspyder/widgets').SportSpyderGlobal",
  },
];

/** A module that fails to compile when a documented shape no longer matches its real type. */
function shapeAssertions(): string {
  return DOCUMENTED_SHAPES.map(
    ({ guide, name, real }, i) =>
      `import type { ${name} as Documented${i} } from './${guide.replace(/\.ts$/, '.js')}';\n` +
      `export const shape${i}: Documented${i} = null as unknown as ${real};\n`,
  ).join('');
}

const REST_GUIDE = join(GUIDES, 'rest-api.md');
const ENDPOINTS = /(<!-- endpoints:start -->\n)[\s\S]*?(<!-- endpoints:end -->)/;

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
}

/** The guide's table of every call, by tag, from docs/openapi.json. */
export function endpointTables(): string {
  const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'other';
      const summary = (operation.summary ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ');
      const rows = byTag.get(tag) ?? [];
      rows.push(`| \`${method.toUpperCase()}\` | \`${path}\` | ${summary} |`);
      byTag.set(tag, rows);
    }
  }
  return [...byTag.keys()]
    .sort()
    .map(
      (tag) =>
        `### ${tag}\n\n| method | path | what it does |\n|---|---|---|\n${(byTag.get(tag) ?? []).join('\n')}\n`,
    )
    .join('\n');
}

/** The REST guide with its endpoint tables regenerated. */
function restGuideWithTables(): string {
  return readFileSync(REST_GUIDE, 'utf8').replace(
    ENDPOINTS,
    (_, start: string, end: string) => `${start}\n${endpointTables()}\n${end}`,
  );
}

/** Problems of the REST guide: a stale table, or a call named in a guide that the API does not have. */
function checkRestGuide(): string[] {
  const problems: string[] = [];
  const current = readFileSync(REST_GUIDE, 'utf8');
  if (!ENDPOINTS.test(current)) problems.push('docs/guides/rest-api.md: the endpoints markers are missing');
  else if (current !== restGuideWithTables()) {
    problems.push(
      'docs/guides/rest-api.md: the table of calls differs from docs/openapi.json (run with --write)',
    );
  }
  const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const known = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map(
      (method) => new RegExp(`^${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '[^/?\\s]+')}$`),
    ),
  );
  for (const name of guideFiles()) {
    const text = readFileSync(join(GUIDES, name), 'utf8').replace(ENDPOINTS, '');
    for (const match of text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/[^`?\s]*)/g)) {
      const call = `${match[1]} ${match[2]}`;
      if (!known.some((pattern) => pattern.test(call)))
        problems.push(`docs/guides/${name}: ${call} is not in docs/openapi.json`);
    }
  }
  return problems;
}

/** Runs every check; returns the problems found (empty when the docs are right). */
export function checkDocExamples(): string[] {
  const options = compilerOptions();
  const { examples, exportsOf, missing } = collectReferenceExamples(options);
  const all = [...examples, ...collectGuideExamples()];
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const files = new Map<string, DocExample>();
  all.forEach((example, index) => {
    const file = join(
      OUT,
      example.file ?? `example-${String(index).padStart(3, '0')}.${example.tsx ? 'tsx' : 'ts'}`,
    );
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, wrapExample(example, exportsOf));
    files.set(file, example);
  });
  const context = join(OUT, 'context.d.ts');
  writeFileSync(context, CONTEXT);
  const shapes = join(OUT, 'documented-shapes.ts');
  writeFileSync(shapes, shapeAssertions());
  files.set(shapes, { origin: 'docs/guides (documented shapes)', pkg: undefined, code: '', tsx: false });
  // First pass: a doc comment's example may use a local of the surrounding code it illustrates (`snapshot`,
  // `navigate`); those free names are declared `any` and the example checked again, so every export name,
  // import, call shape and property of a typed value is still checked. Guides get no such leniency.
  const first = ts.createProgram([context, ...files.keys()], options);
  for (const [file, example] of files) {
    if (!example.pkg) continue;
    const source = first.getSourceFile(file);
    if (!source) continue;
    const diagnostics = first.getSemanticDiagnostics(source);
    const free = new Set(diagnostics.map(undefinedName).filter((n) => n !== undefined));
    if (free.size > 0) {
      const declarations = [...free].map((name) => `declare const ${name}: any;`).join(' ');
      writeFileSync(file, `${source.text.replace(/\nexport \{\};\n$/, '')}\n${declarations}\nexport {};\n`);
    }
  }
  const program = ts.createProgram([context, ...files.keys()], options, undefined, first);
  const problems = [...missing];
  for (const [file, example] of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    for (const diagnostic of [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ]) {
      const { line } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = source.text.split('\n')[line]?.trim() ?? '';
      problems.push(
        `${example.origin} (${relative(ROOT, file)}:${line + 1}): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}\n    ${text}`,
      );
    }
  }
  problems.push(...checkGuideFacts(), ...checkRestGuide());
  console.log(
    `Checked ${all.length} examples (${examples.length} from doc comments, ${all.length - examples.length} from guides).`,
  );
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) writeFileSync(REST_GUIDE, restGuideWithTables());
  const problems = checkDocExamples();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s) in the docs' examples.`);
    process.exit(1);
  }
}
