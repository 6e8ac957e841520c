// A team's daily digest as Markdown, built on @sportspyder/core in Node with an API key: the day's
// headlines, the latest score, the next game and the newest podcast episode. Pipe it into a newsletter,
// a chat bot or a file.
//   SPORTSPYDER_API_KEY=ss_... node digest.mjs nfl/green-bay-packers > packers.md
import {
  createClient,
  gameStatusText,
  groupGames,
  listTeamArticles,
  listTeamGames,
  listTeamPodcastEpisodes,
} from '@sportspyder/core';

/** Headlines newer than this make "the day"; fewer than MIN_HEADLINES are topped up with older ones. */
const DAY_MS = 24 * 60 * 60 * 1000;
const MIN_HEADLINES = 5;

const baseUrl = new URL(process.env.SPORTSPYDER_URL ?? 'http://localhost:8080').origin;
const apiKey = process.env.SPORTSPYDER_API_KEY;
const team = process.argv[2] ?? 'nfl/green-bay-packers';
const [sportSlug, teamSlug] = team.split('/');
if (!apiKey || !sportSlug || !teamSlug) {
  console.error(
    'Usage: SPORTSPYDER_API_KEY=ss_... node digest.mjs <sport>/<team>   (e.g. nfl/green-bay-packers)',
  );
  console.error('Create a key on /settings/api of your SportSpyder account (members with API access).');
  process.exit(2);
}

// The core client runs in Node as in a browser; only the key is added. API keys are honoured on reads
// (GET) only, as `Authorization: Bearer <key>`, and have their own limit (60 requests a minute).
const client = createClient({
  baseUrl,
  location: () => `${baseUrl}/`,
  fetch: (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${apiKey}`);
    return fetch(input, { ...init, headers });
  },
});

/** Markdown link text: brackets and backslashes would end or break the link. */
const linkText = (text) => text.replace(/[\\[\]]/g, (c) => `\\${c}`);
/** Absolute links: the API gives some (logos, demo audio) relative to the server. */
const absolute = (url) => new URL(url, baseUrl).href;

async function main() {
  // The key acts as its member: reading the session checks it before anything else (401 when not valid).
  const { session } = await client.api.get('api/v1/session');
  await client.reference.load();
  const info = client.reference.getSnapshot().teamsBySlug[teamSlug];
  if (!info) throw new Error(`SportSpyder has no team "${team}"`);
  const teamName = info.fullName || info.name;

  const [{ articles }, { games }, { podcastEpisodes }] = await Promise.all([
    listTeamArticles(client, { teamId: teamSlug, perPage: 13 }),
    listTeamGames(client, { teamId: teamSlug }),
    listTeamPodcastEpisodes(client, { teamId: teamSlug, perPage: 1 }),
  ]);

  // Articles come newest first: the day's, or at least the latest few on a quiet day.
  const since = Date.now() - DAY_MS;
  const today = articles.filter((a) => Date.parse(a.postedDate || a.spyderDate) >= since);
  const headlines = today.length >= MIN_HEADLINES ? today : articles.slice(0, MIN_HEADLINES);
  const { scores, upcoming } = groupGames(games);
  const fmt = { timeZone: process.env.TZ || 'UTC' };
  const side = (s) => `${s.location} ${s.name}${s.score == null ? '' : ` ${s.score}`}`;

  const lines = [`# ${teamName}: daily digest`, ''];
  lines.push(
    `_${new Date().toDateString()} · for @${session.user?.username ?? 'you'} · from ${baseUrl}_`,
    '',
  );
  lines.push('## Headlines', '');
  if (headlines.length === 0) lines.push('No headlines yet.');
  for (const a of headlines) {
    lines.push(`- [${linkText(a.title)}](${a.finalUrl}) (${a.domain.label || a.domain.name})`);
  }
  lines.push('', '## Games', '');
  const last = scores.at(-1);
  const next = upcoming[0];
  if (last) lines.push(`- Latest: ${side(last.away)} at ${side(last.home)} (${gameStatusText(last, fmt)})`);
  if (next) lines.push(`- Next: ${side(next.away)} at ${side(next.home)} (${gameStatusText(next, fmt)})`);
  if (!last && !next) lines.push('No games scheduled.');
  const episode = podcastEpisodes[0];
  if (episode) {
    lines.push('', '## Listen', '');
    lines.push(`- [${linkText(episode.title)}](${absolute(episode.webpage || episode.enclosureUrl)})`);
  }
  lines.push('', `[More ${teamName} news on SportSpyder](${baseUrl}/${sportSlug}/${teamSlug}/news)`);
  console.log(lines.join('\n'));
}

main().catch((error) => {
  // The transport rejects with the API's error list; its first title says what went wrong.
  const title = error?.errors?.[0]?.title ?? error?.message ?? String(error);
  console.error(`Could not build the digest from ${baseUrl}: ${title}`);
  process.exit(1);
});
