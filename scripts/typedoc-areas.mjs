/**
 * A typedoc plugin that files every documented export of core, react, contract and widgets under one
 * area of the developer reference (Client, Session, Resources, Realtime, Player, Chat, Search, Embeds,
 * REST API), from the source file it is declared in. Why by path rather than an `@category` tag on
 * each of several hundred exports: the packages are already one folder or file per area, so the path
 * is the single place the area is stated, and a new export lands in the right area without a tag.
 * An explicit `@category` in a doc comment still wins. Also names a project document without a `title` in
 * its front matter (docs/deploy.md, which is read on GitHub too) after its first heading, not its file name.
 * @module
 */
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** Area of a source path (relative, with forward slashes); the first match wins. */
export const AREAS = [
  ['Embeds', /^packages\/widgets\/|^packages\/contract\/src\/chat-embed|content\/widget-snippet/],
  ['Chat', /\/chat(\/|\.ts|-)/],
  // contract/src/player.ts and react's PlayerCard are fantasy players (Resources), not the audio player.
  [
    'Player',
    /core\/src\/player|core\/src\/offline\/episode-downloads|react\/src\/player\/|player-memory|video-|VideoPlayer|useVideoEvents|PodcastBox|episode-artwork|\/podcast|listening/,
  ],
  ['Search', /\/search(\/|\.ts|-pages\/|-resources)/],
  [
    'Realtime',
    /\/realtime\.ts|contract\/src\/cable\.ts|new-items-poller|reload-gate|\/notification\.ts|core\/src\/testing\//,
  ],
  [
    'Session',
    /\/(accounts|api-keys|billing|email-pages|feedback)\/|session|useAccountSettings|\/(account|user|billing|email|feedback)\.ts|NotificationBadge|toast|Toast/,
  ],
  [
    'REST API',
    /^packages\/contract\/src\/(routes|route-def|openapi|errors|pagination|responses|schema-names|common)/,
  ],
  [
    'Client',
    /^packages\/core\/src\/(client|transport|cache|store|storage|environment|errors|constants|format|device-hash|experiment|script-loader|scroll|page-views|offline\/connectivity-store|offline\/offline-rules)\.ts|SportSpyderProvider|\/hooks\/use(Client|Store|Resource|MediaQuery|Scroll|Connectivity)\.ts/,
  ],
];

/** The area of a source file, `Resources` when no pattern matches (sports, teams, articles, games, fantasy). */
export function areaOf(path) {
  for (const [area, pattern] of AREAS) if (pattern.test(path)) return area;
  return 'Resources';
}

const CATEGORIZED = ReflectionKind.SomeExport;

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    if (document.frontmatter.title) return;
    const text = document.content.map((part) => part.text).join('');
    const heading = text.match(/^# (.+)$/m)?.[1]?.trim();
    if (heading) document.name = heading;
  });
  const root = `${process.cwd().replaceAll('\\', '/')}/`;
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(CATEGORIZED) || !reflection.parent?.kindOf(ReflectionKind.Module)) return;
    if (reflection.comment?.getTag('@category')) return;
    const symbol = context.getSymbolFromReflection(reflection);
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName;
    if (!file) return;
    const area = areaOf(file.replaceAll('\\', '/').replace(root, ''));
    reflection.comment ??= new Comment();
    reflection.comment.blockTags.push(new CommentTag('@category', [{ kind: 'text', text: area }]));
  });
}
