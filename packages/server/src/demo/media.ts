/**
 * Videos, podcast episodes and Mastodon statuses, drawn from the day's news so they talk about the same
 * games and people: channel highlights of recaps, daily team and league shows with bonus episodes, and
 * account statuses with photos, link cards, replies and a quote (the Mastodon REST status shape).
 * @module
 */
import { demoAssetUrl } from './asset-urls.js';
import { DEMO_MASTODON_HOST, type DemoSourceSpec } from './catalogue.js';
import type { EpisodeEntry, VideoEntry } from './feed-writers.js';
import { DAY_MS } from './games.js';
import { createRandom, mixSeed } from './prng.js';
import { type FeedEntry, NEWS_DAYS } from './stories.js';
import type { DemoAudioFile } from './wav.js';

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function videoId(...parts: (string | number)[]): string {
  const random = createRandom(mixSeed('video', ...parts));
  return Array.from({ length: 11 }, () => ID_CHARS[random.int(0, 63)]).join('');
}

// Headline prefixes that read badly inside another title ("Highlights: Instant reaction: ...").
const PREFIX =
  /^(Instant reaction|Preview|Report|Rumour|Power rankings|Mock draft|Draft watch|Fantasy|Start or sit|Waiver wire|Film study|Week in review|Takeaways from the): /i;

function bare(title: string): string {
  return title.replace(PREFIX, '');
}

function days(now: Date): number[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  return Array.from({ length: NEWS_DAYS + 1 }, (_, i) => today - NEWS_DAYS + i);
}

function within(now: Date, at: number): boolean {
  return at <= now.getTime() && at > now.getTime() - NEWS_DAYS * DAY_MS;
}

/**
 * Two or three videos a day per channel: highlights of the sport's recaps, else film-room pieces.
 *
 * @example
 * const videos = generateVideos(channel, sportEntries, now, 42);
 */
export function generateVideos(
  channel: DemoSourceSpec,
  sportEntries: readonly FeedEntry[],
  now: Date,
  seed: number,
): VideoEntry[] {
  const videos: VideoEntry[] = [];
  const covered: FeedEntry[] = [];
  for (const day of days(now)) {
    const random = createRandom(mixSeed(seed, 'videos', channel.key, day));
    const todays = sportEntries.filter((e) => Math.floor(e.publishedAt.getTime() / DAY_MS) === day);
    const recaps = todays.filter((e) => e.kind === 'recap' || e.kind === 'draw');
    const others = todays.filter((e) => e.kind !== 'recap' && e.kind !== 'draw');
    const count = random.int(2, 3);
    for (let i = 0; i < count; i++) {
      const recap = recaps[i];
      const other = others.length > 0 ? random.pick(others) : undefined;
      const base = recap ?? other;
      if (!base) continue;
      const at = base.publishedAt.getTime() + random.int(20, 180) * 60_000;
      if (!within(now, at)) continue;
      videos.push({
        videoId: videoId(seed, channel.key, day, i),
        title: recap ? `Highlights: ${bare(recap.title)}` : `Film room: ${bare(base.title)}`,
        description: `${base.summary} Subscribe to ${channel.title} for more.`,
        publishedAt: new Date(at),
        durationSeconds: random.int(90, 900),
      });
      if (base.teamSlugs.length > 0) covered.push(base);
    }
  }
  videos.push(...teamTopUps(channel, sportEntries, covered, now, seed));
  return videos.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}

/** The fewest videos about each team a channel carries, so no team's Videos tab is empty. */
export const MIN_VIDEOS_PER_TEAM = 3;

/**
 * Film-room pieces for the teams the daily highlights left short of {@link MIN_VIDEOS_PER_TEAM}: the daily
 * loop follows recaps, so a team with few recent games (or one that never made the top of a day) would
 * otherwise have no video at all. Each piece is built on one of the team's own recent stories.
 */
function teamTopUps(
  channel: DemoSourceSpec,
  sportEntries: readonly FeedEntry[],
  covered: readonly FeedEntry[],
  now: Date,
  seed: number,
): VideoEntry[] {
  const counts = new Map<string, number>();
  for (const entry of covered)
    for (const team of entry.teamSlugs) counts.set(team, (counts.get(team) ?? 0) + 1);
  const teams = [...new Set(sportEntries.flatMap((e) => e.teamSlugs))].sort();
  const used = new Set(covered);
  const extra: VideoEntry[] = [];
  for (const team of teams) {
    const random = createRandom(mixSeed(seed, 'team-videos', channel.key, team));
    const own = sportEntries
      .filter((e) => e.teamSlugs.includes(team) && !used.has(e))
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
    let have = counts.get(team) ?? 0;
    for (const base of own) {
      if (have >= MIN_VIDEOS_PER_TEAM) break;
      const at = Math.min(now.getTime(), base.publishedAt.getTime() + random.int(20, 180) * 60_000);
      if (!within(now, at)) continue;
      used.add(base);
      for (const t of base.teamSlugs) counts.set(t, (counts.get(t) ?? 0) + 1);
      have = counts.get(team) ?? 0;
      extra.push({
        videoId: videoId(seed, channel.key, 'team', team, have),
        title: `Film room: ${bare(base.title)}`,
        description: `${base.summary} Subscribe to ${channel.title} for more.`,
        publishedAt: new Date(at),
        durationSeconds: random.int(90, 900),
      });
    }
  }
  return extra;
}

/**
 * A daily episode per show (about its team's or sport's news of the day) plus bonus episodes.
 *
 * @example
 * const episodes = generateEpisodes(show, relatedEntries, audioFiles, now, 42);
 */
export function generateEpisodes(
  show: DemoSourceSpec,
  related: readonly FeedEntry[],
  audio: readonly DemoAudioFile[],
  now: Date,
  seed: number,
): EpisodeEntry[] {
  const episodes: EpisodeEntry[] = [];
  for (const day of days(now)) {
    const random = createRandom(mixSeed(seed, 'episodes', show.key, day));
    const todays = related.filter((e) => Math.floor(e.publishedAt.getTime() / DAY_MS) === day);
    const topic = todays.length > 0 ? random.pick(todays) : undefined;
    const at = day * DAY_MS + random.int(10, 22) * 3_600_000 + random.int(0, 59) * 60_000;
    const file = random.pick(audio);
    const season = new Date(day * DAY_MS).getUTCFullYear() - 2018;
    // Episode numbers follow the calendar, so they keep counting up across restarts.
    const number = day - 20_000;
    if (within(now, at) && file) {
      episodes.push({
        guid: `${show.key}-${day}`,
        title: topic ? `Ep. ${number}: ${bare(topic.title)}` : `Ep. ${number}: Mailbag and the week ahead`,
        description: topic
          ? `${topic.summary} Plus your questions.`
          : 'We answer your questions about the week ahead.',
        publishedAt: new Date(at),
        audioFile: file.file,
        bytes: file.bytes,
        durationSeconds: file.durationSeconds,
        season,
        episode: number,
        episodeType: 'full',
        explicit: Boolean(show.explicit) && random.chance(0.6),
      });
    }
    const bonusAt = at + random.int(2, 6) * 3_600_000;
    const bonusFile = random.pick(audio);
    if (random.chance(0.45) && within(now, bonusAt) && bonusFile) {
      const other = todays.length > 1 ? random.pick(todays) : topic;
      episodes.push({
        guid: `${show.key}-${day}-bonus`,
        title: other ? `Bonus: ${bare(other.title)}` : 'Bonus: Quick hits',
        description: other ? `A quick reaction. ${other.summary}` : 'A quick reaction to the day.',
        publishedAt: new Date(bonusAt),
        audioFile: bonusFile.file,
        bytes: bonusFile.bytes,
        durationSeconds: bonusFile.durationSeconds,
        season,
        episode: null,
        episodeType: 'bonus',
        explicit: false,
      });
    }
  }
  return episodes.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}

/** Statuses per Mastodon account file (one page of the REST API). */
export const STATUSES_PER_ACCOUNT = 40;

/**
 * Statuses of one Mastodon account in the REST API shape, newest first: three a day, some with photos
 * or a link card to a story, some replying to the account's previous status, one quoting another.
 *
 * @example
 * const statuses = generateStatuses(account, relatedEntries, now, 42);
 */
export function generateStatuses(
  account: DemoSourceSpec,
  related: readonly FeedEntry[],
  now: Date,
  seed: number,
): Record<string, unknown>[] {
  const username = (account.title.match(/@(\w+)/)?.[1] ?? account.key).toLowerCase();
  const displayName = account.title.replace(/\s*\(@\w+\)$/, '');
  const profile = `https://${DEMO_MASTODON_HOST}/@${username}`;
  const accountJson = {
    id: account.accountId ?? '1',
    username,
    acct: username,
    display_name: displayName,
    url: profile,
    avatar: demoAssetUrl(
      account.teamSlugs[0]
        ? `/logos/teams/${account.teamSlugs[0]}.svg`
        : `/logos/sports/${account.sportSlug}.svg`,
    ),
  };
  const statuses: Record<string, unknown>[] = [];
  for (const day of days(now)) {
    const random = createRandom(mixSeed(seed, 'statuses', account.key, day));
    const todays = related.filter((e) => Math.floor(e.publishedAt.getTime() / DAY_MS) === day);
    for (let i = 0; i < 3; i++) {
      const entry = todays.length > 0 ? random.pick(todays) : undefined;
      if (!entry) continue;
      const at = entry.publishedAt.getTime() + random.int(5, 90) * 60_000;
      // Mastodon ids are snowflakes: milliseconds shifted left 16 bits plus a sequence.
      const id = ((BigInt(at) << 16n) + BigInt(i)).toString();
      const previous = statuses[statuses.length - 1];
      const reply = previous !== undefined && random.chance(0.12);
      const photo = random.chance(0.3) && entry.imagePath;
      const card = !photo && random.chance(0.4);
      const hashtag = entry.teamSlugs[0] ? entry.teamSlugs[0].replace(/-/g, '') : 'sports';
      statuses.push({
        id,
        created_at: new Date(at).toISOString(),
        in_reply_to_id: reply ? previous.id : null,
        in_reply_to_account_id: reply ? accountJson.id : null,
        sensitive: false,
        spoiler_text: '',
        visibility: 'public',
        language: 'en',
        uri: `https://${DEMO_MASTODON_HOST}/users/${username}/statuses/${id}`,
        url: `${profile}/${id}`,
        replies_count: random.int(0, 40),
        reblogs_count: random.int(0, 120),
        favourites_count: random.int(0, 400),
        content: `<p>${reply ? 'Update: ' : ''}${entry.title}. ${entry.summary.split('. ')[0]?.replace(/\.$/, '') ?? ''}. <a href="https://${DEMO_MASTODON_HOST}/tags/${hashtag}" class="mention hashtag" rel="tag">#<span>${hashtag}</span></a></p>`,
        reblog: null,
        account: accountJson,
        media_attachments: photo
          ? [
              {
                id: `${id}1`,
                type: 'image',
                url: demoAssetUrl(entry.imagePath as string),
                preview_url: demoAssetUrl(entry.imagePath as string),
                description: `Logo of the ${entry.title.split(' ')[0]}`,
                meta: { original: { width: 640, height: 640 } },
              },
            ]
          : [],
        card: card
          ? {
              url: entry.url,
              title: entry.title,
              description: entry.summary,
              image: null,
              provider_name: new URL(entry.url).host,
            }
          : null,
        quote: null,
      });
    }
  }
  const kept = statuses
    .filter((s) => within(now, Date.parse(s.created_at as string)))
    .sort((a, b) => Date.parse(b.created_at as string) - Date.parse(a.created_at as string))
    .slice(0, STATUSES_PER_ACCOUNT);
  // The newest status quotes an older one of the same account (Mastodon 4.4+ quote shape).
  const [newest, , , quoted] = kept;
  if (newest && quoted) newest.quote = { state: 'accepted', quoted_status: { ...quoted, quote: null } };
  // A reply whose parent fell off the page still names it; that is how Mastodon pages look too.
  return kept;
}
