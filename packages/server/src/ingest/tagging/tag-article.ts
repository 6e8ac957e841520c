// Files one article under teams, players, topics and sports. Pure and synchronous: it reads only the
// compiled index and the article, so the ingest pipeline, the tests and the benchmark call it alike.
//
// The rules, in order:
// 1. Scan title and summary once each, taking the longest phrase of the index at every word ("New York
//    Giants" beats "New York" and "Giants"; blocked phrases like "Magic Johnson" eat their words).
// 2. Sport context = sports of unambiguous names, sport keywords, players, the source's sport and default
//    teams; plus the sports most voted for by ambiguous nicknames and hint words ("Kings beat Ducks" -> NHL),
//    or failing agreement the hint words' sports ("football").
// 3. An unambiguous nickname or full name tags at once. A nickname several teams share ("Kings", "Giants",
//    "Spurs") tags the one team of a sport in context; failing that, the one team whose location is also
//    mentioned; failing that, the only pro team among them when no college sport is in context ("Cowboys" is
//    Dallas unless the text is about college football). Otherwise it is dropped.
// 4. A location ("Dallas", "Alabama", "Duke") tags only when context leaves exactly one team, and not when
//    a hyphen joins it to another name ("Arkansas-Pine Bluff").
// 5. A nickname in lower case is the word ("hawks down Mathurin"); a common-word nickname ("Heat", "Magic",
//    "Wild") counts only when capitalised and when context names its sport, and so does a full name that is
//    an ordinary word ("Athletics: Phillips takes long jump gold"). A full name shared by a school's football
//    and basketball teams tags the one of the sport in context, else both.
// 6. A player's full name tags the player, unless the source covers another sport (a sport outlet of
//    another sport, or an other-sport outlet such as NASCAR) and nothing else in the text names the
//    player's sport: "Cyrus Kincaid wins at Cedar Falls Speedway" on a NASCAR site is not the Dolphins'
//    tight end of that name.
// 7. Salience (salience.ts): of the teams found, those the article names only in passing (a former club,
//    the standings, a comparison, an owner's other team, last week's opponent in a story about an injury, a
//    team of a sport the headline rules out) are left out: a Rams waiver-wire story is not Packers news.
// 8. A location right after "in" is the place, not the team: "beat Russia last night in Toronto"; after a
//    game word it is the home side ("loss in Houston"). So is a dateline ("TORONTO -- League talks...",
//    "Toronto, ON (Sports Network) - ") and a city someone moves to ("moving to Washington"). "University of
//    Miami" is the school, not the city's pro teams; "Eastern Washington" and "North Carolina A T" (A&T
//    without its ampersand) are other schools.
// 9. A capitalised last name alone ("Schilling", "Mahomes'") tags the player when the article is filed
//    under the player's team and no other player of the article's teams has that name: headlines name
//    players by surname once the team is clear ("Red Sox, Schilling roll on").
import { type PhraseInfo, type TagIndex, TIER_FULL, TIER_LOCATION, TIER_NAME } from './build-index.js';
import { type Token, tokenize } from './normalize.js';
import {
  type CandidateMention,
  type MentionRole,
  mentionRole,
  reportsGame,
  type SalienceOptions,
  salientTeams,
  sharesRole,
} from './salience.js';
import type { TagArticleInput, TagMatch, TagResult } from './types.js';

/** Words of a game before "in <city>", where the city names the home team ("loss in Houston"). */
const GAME_WORDS = new Set([
  'loss',
  'losses',
  'win',
  'wins',
  'victory',
  'defeat',
  'game',
  'games',
  'rout',
  'shutout',
  'opener',
  'finale',
  'tie',
  'draw',
  'matchup',
  'showdown',
  'upset',
  'series',
  'sweep',
  'collapse',
  'comeback',
]);

interface Mention {
  key: string;
  info: PhraseInfo;
  text: string;
  field: 'title' | 'summary';
  /** Its first and last word (token positions in its field). */
  start: number;
  end: number;
  /** How the text names it there (salience.ts): the subject, an opponent, a former club... */
  role: MentionRole;
  /** For a team named in front of a player: that player. */
  player?: number;
  /** A location used as the place (rule 8): it tags nothing but still locates a shared nickname. */
  place: boolean;
}

/** A capitalised word that is some players' last name, decided once the teams are known (rule 9). */
interface SurnameMention {
  players: readonly number[];
  text: string;
  field: 'title' | 'summary';
}

/** A player's full name found in the text, decided once the context is known (rule 6). */
interface PlayerMention {
  player: number;
  text: string;
  field: 'title' | 'summary';
  /** Its first word (token position in its field). */
  start: number;
}

/** Accumulates tags without duplicates and the evidence for them. */
class Tags {
  readonly result: TagResult = { teamIds: [], playerIds: [], topicIds: [], sportIds: [], matches: [] };
  private readonly teams = new Set<number>();
  private readonly sports = new Set<number>();
  private readonly players = new Set<number>();
  private readonly topics = new Set<number>();

  constructor(private readonly index: TagIndex) {}

  team(t: number, text: string, field: TagMatch['field']): void {
    const team = this.index.teams[t]!;
    this.result.matches.push({ kind: 'team', id: team.id, text, field });
    if (this.teams.has(t)) return;
    this.teams.add(t);
    this.result.teamIds.push(team.id);
    this.sport(team.sport, text, field);
  }

  sport(s: number, text: string, field: TagMatch['field']): void {
    if (this.sports.has(s)) return;
    this.sports.add(s);
    const id = this.index.sports[s]!.id;
    this.result.sportIds.push(id);
    this.result.matches.push({ kind: 'sport', id, text, field });
  }

  player(p: number, text: string, field: TagMatch['field']): void {
    if (this.players.has(p)) return;
    this.players.add(p);
    const player = this.index.players[p]!;
    this.result.playerIds.push(player.id);
    this.result.matches.push({ kind: 'player', id: player.id, text, field });
    this.sport(player.sport, text, field);
  }

  topic(t: number, text: string, field: TagMatch['field']): void {
    if (this.topics.has(t)) return;
    this.topics.add(t);
    const id = this.index.topics[t]!.id;
    this.result.topicIds.push(id);
    this.result.matches.push({ kind: 'topic', id, text, field });
  }
}

/** Finds the longest indexed phrase at each word of `text` and records what it names. */
function scan(
  index: TagIndex,
  text: string,
  field: 'title' | 'summary',
  tags: Tags,
  mentions: Mention[],
  players: PlayerMention[],
  surnames: SurnameMention[],
  context: Set<number>,
  hints: number[][],
): void {
  const tokens = tokenize(text);
  const n = tokens.length;
  const datelineEnd = dateline(text);
  let i = 0;
  while (i < n) {
    let key = tokens[i]!.norm;
    let bestKey: string | undefined;
    let bestEnd = i;
    for (let j = i; ; ) {
      if (index.phrases.has(key)) {
        bestKey = key;
        bestEnd = j;
      }
      j++;
      if (j >= n || !index.prefixes.has(key)) break;
      key = `${key} ${tokens[j]!.norm}`;
    }
    if (bestKey === undefined) {
      const token = tokens[i]!;
      const named = token.cap ? index.surnames.get(token.norm) : undefined;
      if (named) surnames.push({ players: named, text: text.slice(token.start, token.end), field });
      i++;
      continue;
    }
    const info = index.phrases.get(bestKey)!;
    const raw = text.slice(tokens[i]!.start, tokens[bestEnd]!.end);
    const capitalised = tokens[i]!.cap;
    const start = i;
    i = bestEnd + 1;
    if (info.blocked) continue;
    for (const s of info.sports) {
      context.add(s);
      tags.sport(s, raw, field);
    }
    if (info.hints.length > 0) hints.push(info.hints);
    for (const t of info.topics) tags.topic(t, raw, field);
    for (const p of info.players) players.push({ player: p, text: raw, field, start });
    if (info.teamTier === 0) continue;
    // "heat wave", "hawks down": a nickname in lower case is the word, not the team.
    if (info.teamTier === TIER_NAME && !capitalised) continue;
    // "Arkansas-Pine Bluff" is another school than Arkansas.
    if (info.teamTier === TIER_LOCATION && joinsAnotherName(index, text, tokens, bestEnd)) continue;
    // "North Carolina A&T" and "Texas A&M" written without the ampersand ("North Carolina A T") are other
    // schools, and so are "Eastern Washington" or "Northern Illinois" when the index lacks them.
    if (
      info.teamTier === TIER_LOCATION &&
      (initialFollows(tokens, bestEnd) || compassBefore(tokens, start))
    ) {
      continue;
    }
    // "the University of Miami" is the school, not the city's pro teams.
    const mention =
      info.teamTier === TIER_LOCATION && universityOf(tokens, start)
        ? { ...info, teams: info.teams.filter((t) => index.teams[t]!.college) }
        : info;
    if (mention.teams.length === 0) continue;
    // Rule 8: "in Toronto" is where it happened, and so is a dateline and "moving to Washington".
    const place =
      info.teamTier === TIER_LOCATION &&
      ((tokens[start - 1]?.norm === 'in' && !GAME_WORDS.has(tokens[start - 2]?.norm ?? '')) ||
        (tokens[start - 1]?.norm === 'to' && MOVING.has(tokens[start - 2]?.norm ?? '')) ||
        tokens[start]!.start < datelineEnd);
    mentions.push({
      key: bestKey,
      info: mention,
      text: raw,
      field,
      start,
      end: bestEnd,
      role: 'subject',
      place,
    });
  }
  // Rule 7: the role of each team named in this field, from the words around it (salience.ts).
  const own = mentions.filter((m) => m.field === field);
  const ownPlayers = players.filter((p) => p.field === field);
  own.forEach((m, k) => {
    const previous = own[k - 1];
    if (previous && sharesRole(tokens, m.start, previous.end)) {
      m.role = previous.role;
      m.player = previous.player;
      return;
    }
    const { role, player } = mentionRole(text, tokens, m.start, m.end, ownPlayers);
    m.role = role;
    m.player = player;
  });
}

/** Verbs of moving before "to <city>": the city is where someone goes ("moving to Washington next season"). */
const MOVING = new Set([
  'moving',
  'move',
  'moves',
  'moved',
  'relocate',
  'relocates',
  'relocating',
  'relocated',
]);
const COMPASS = new Set(['eastern', 'western', 'northern', 'southern', 'central']);

/** A one-letter capital right after a location: "A&T", "A&M" without their ampersand. */
function initialFollows(tokens: readonly Token[], last: number): boolean {
  const next = tokens[last + 1];
  return next?.cap === true && next.norm.length === 1 && /^[a-z]$/.test(next.norm);
}

/** A capitalised compass word right before a location: "Eastern Washington" is another school than Washington's teams. */
function compassBefore(tokens: readonly Token[], start: number): boolean {
  const previous = tokens[start - 1];
  return previous?.cap === true && COMPASS.has(previous.norm) && previous.end + 1 === tokens[start]!.start;
}

/** "University of <location>". */
function universityOf(tokens: readonly Token[], start: number): boolean {
  return tokens[start - 1]?.norm === 'of' && tokens[start - 2]?.norm === 'university';
}

/** A location hyphenated to a word that starts no name of the index ("Arkansas-Pine Bluff", not "Texas-Oklahoma"). */
function joinsAnotherName(index: TagIndex, text: string, tokens: readonly Token[], last: number): boolean {
  const next = tokens[last + 1];
  if (!next?.cap || text.slice(tokens[last]!.end, next.start) !== '-') return false;
  return !index.prefixes.has(next.norm);
}

// "TORONTO -- ", "COLUMBUS, Ohio (Sports Network) - ", "NEW YORK (Reuters) - ": a city in capitals, maybe
// a state, maybe an agency, then a dash.
const DATELINE = /^[A-Z][A-Z.' ]+(?:,\s*[A-Z][A-Za-z.' ]*)?\s*(?:\([^)]{1,30}\)\s*)?(?:--|—|–|-)\s/;
// "Toronto, ON (Sports Network) - ": a city in mixed case is a dateline only with the agency after it.
const MIXED_CASE_DATELINE =
  /^[A-Z][A-Za-z.' ]{1,30}(?:,\s*[A-Z][A-Za-z.' ]{0,30})?\s*\([^)]{1,30}\)\s*(?:--|—|–|-)\s/;

/** Where a text's dateline ends (0 when it has none): the places in it are where the story was filed. */
function dateline(text: string): number {
  const paren = text.indexOf('(');
  const m = DATELINE.exec(text) ?? (paren > 0 && paren < 64 ? MIXED_CASE_DATELINE.exec(text) : null);
  return m ? m[0].length : 0;
}

/** Rule 6: whether a player named in the text is the one of the index, given the source and the context. */
function playerFits(index: TagIndex, player: number, input: TagArticleInput, context: Set<number>): boolean {
  const sport = index.players[player]!.sport;
  if (context.has(sport)) return true;
  const sourceSport = input.sourceSportSlug ? index.sportBySlug.get(input.sourceSportSlug) : undefined;
  const otherSportSource =
    Boolean(input.sourceTopicSlug) || (sourceSport !== undefined && sourceSport !== sport);
  return !otherSportSource;
}

/**
 * Tags one article: returns the teams, players, topics and sports it is about, and the evidence.
 *
 * @example
 * const { teamIds, sportIds } = tagArticle(index, { title: "Kings edge Ducks in shootout" });
 * // teamIds: [los-angeles-kings, anaheim-ducks], sportIds: [nhl]
 */
export function tagArticle(
  index: TagIndex,
  input: TagArticleInput,
  options: { salience?: SalienceOptions } = {},
): TagResult {
  const tags = new Tags(index);
  const mentions: Mention[] = [];
  const context = new Set<number>();
  const hintPhrases: number[][] = [];
  const players: PlayerMention[] = [];
  const surnames: SurnameMention[] = [];
  scan(index, input.title, 'title', tags, mentions, players, surnames, context, hintPhrases);
  // What the headline names besides teams, for the salience step: its sport words and other sports.
  const titleSports = new Set<number>();
  let titleOtherSport = false;
  for (const m of tags.result.matches) {
    if (m.kind === 'sport') titleSports.add(index.sportById.get(m.id)!);
    if (m.kind === 'topic' && isOtherSport(index.topics[index.topicById.get(m.id)!]!.slug)) {
      titleOtherSport = true;
    }
  }
  if (input.summary) {
    scan(index, input.summary, 'summary', tags, mentions, players, surnames, context, hintPhrases);
  }
  // The teams found, with where and how each is named; salience decides which are tagged (rule 7).
  const candidates = new Map<number, CandidateMention[]>();
  const evidence = new Map<number, Mention[]>();
  const candidate = (t: number, m: Mention) => {
    const mention = { field: m.field, role: m.role, player: m.player };
    const known = candidates.get(t);
    if (known) {
      known.push(mention);
      evidence.get(t)!.push(m);
    } else {
      candidates.set(t, [mention]);
      evidence.set(t, [m]);
    }
  };

  if (input.sourceSportSlug) {
    const s = index.sportBySlug.get(input.sourceSportSlug);
    if (s !== undefined) {
      context.add(s);
      tags.sport(s, '', 'source');
    }
  }
  // An other-sport outlet's stories are of its topic (as a sport outlet's are of its sport).
  const sourceTopic = input.sourceTopicSlug ? index.topicBySlug.get(input.sourceTopicSlug) : undefined;
  if (sourceTopic !== undefined) tags.topic(sourceTopic, '', 'source');
  for (const id of input.sourceDefaultTeamIds ?? []) {
    const t = index.teamById.get(id);
    if (t === undefined) continue;
    context.add(index.teams[t]!.sport);
    tags.team(t, '', 'source');
  }

  // Pass 1: names that point at exactly one team need no context, and give context to the rest.
  const pending: Mention[] = [];
  for (const m of mentions) {
    const { info } = m;
    if (info.teams.length === 1 && info.teamTier !== TIER_LOCATION && !info.common) {
      const t = info.teams[0]!;
      context.add(index.teams[t]!.sport);
      candidate(t, m);
    } else pending.push(m);
  }
  // Players once the source and the unambiguous names have set the context (rule 6); each one tagged
  // adds its sport to the context of the ambiguous names below.
  const fits = players.filter((p) => playerFits(index, p.player, input, context));
  for (const p of fits) context.add(index.players[p.player]!.sport);
  for (const p of fits) tags.player(p.player, p.text, p.field);
  const finish = () => {
    const titlePlayers = new Set(fits.filter((p) => p.field === 'title').map((p) => p.player));
    for (const p of titlePlayers) titleSports.add(index.players[p]!.sport);
    // A last name in the headline names the player of a team the text names ("Sheffield day to day").
    for (const s of surnames) {
      if (s.field !== 'title') continue;
      for (const p of s.players) if (candidates.has(index.playerTeams.get(p) ?? -1)) titlePlayers.add(p);
    }
    // A name in the headline that could be a candidate ("City", "Buckeyes") keeps the headline's word.
    for (const m of mentions) {
      if (m.field !== 'title' || m.place) continue;
      for (const t of m.info.teams) candidates.get(t)?.push({ field: 'title', role: 'subject' });
    }
    const facts = {
      titlePlayers,
      titleSports,
      titleOtherSport,
      titleNamesSomeone:
        mentions.some((m) => m.field === 'title') ||
        players.some((p) => p.field === 'title') ||
        titlePlayers.size > 0,
      titleReportsGame: () => reportsGame(input.title, tokenize(input.title)),
    };
    const { kept } =
      candidates.size === 0 ? { kept: [] } : salientTeams(index, candidates, facts, options.salience);
    // A source's own teams are tagged already; their mentions only add evidence.
    for (const t of kept) for (const m of evidence.get(t)!) tags.team(t, m.text, m.field);
    return tagSurnames(index, tags, surnames);
  };
  if (pending.length === 0) return finish();

  // Each ambiguous nickname and each hint phrase votes for its sports; the sports with the most votes (at
  // least two voters) join the context: "Kings beat Ducks" -> NHL, "Giants quarterback" -> NFL. Without such
  // agreement the hints alone join it ("Alabama football" -> NFL, college football, Premier League).
  const votes = new Map<number, number>();
  const vote = (sports: Iterable<number>) => {
    for (const s of new Set(sports)) votes.set(s, (votes.get(s) ?? 0) + 1);
  };
  const locationTeams = new Set<number>();
  const voted = new Set<string>();
  for (const m of pending) {
    if (m.info.teamTier === TIER_LOCATION) {
      for (const t of m.info.teams) locationTeams.add(t);
      // School names vote ("Gonzaga beats Kentucky" -> basketball); cities do not, or "Heat wave hits Miami"
      // would vote the Heat in.
      if (!voted.has(m.key) && m.info.teams.every((t) => index.teams[t]!.college)) {
        voted.add(m.key);
        vote(m.info.teams.map((t) => index.teams[t]!.sport));
      }
    } else if (m.info.teamTier === TIER_NAME && !voted.has(m.key)) {
      voted.add(m.key);
      vote(m.info.teams.map((t) => index.teams[t]!.sport));
    }
  }
  for (const h of hintPhrases) vote(h);
  const collegeInContext = [...context].some((s) => index.collegeSports.has(s));
  // The strong context is tried first; the wider one (plus votes or hints) only when it settles nothing, so
  // "Tar Heels" on a basketball source stays basketball although the words alone could mean football too.
  const wider = new Set(context);
  let best = 1;
  for (const n of votes.values()) best = Math.max(best, n);
  if (best >= 2) {
    for (const [s, n] of votes) if (n === best) wider.add(s);
  } else for (const h of hintPhrases) for (const s of h) wider.add(s);
  const contexts = wider.size > context.size ? [context, wider] : [context];

  // Pass 2: ambiguous names, common words and locations, resolved by context.
  for (const m of pending) {
    if (m.place) continue;
    const { info } = m;
    const teams = info.teams;
    const inContext = contexts.map((ctx) => teams.filter((t) => ctx.has(index.teams[t]!.sport)));
    let chosen: number[] = [];
    if (info.teamTier === TIER_FULL) {
      // A full name that is an ordinary word ("Athletics: Phillips takes long jump gold") needs its sport.
      chosen = inContext.find((c) => c.length > 0) ?? (info.common ? [] : teams);
    } else {
      const unique = inContext.find((c) => c.length === 1);
      if (unique) chosen = unique;
      else if (info.teamTier === TIER_NAME) {
        // A common word never tags without its sport in context; the others may fall back to the tie-breaks.
        const pool = inContext.find((c) => c.length > 1) ?? (info.common ? [] : teams);
        const located = pool.filter((t) => locationTeams.has(t));
        if (located.length === 1) chosen = located;
        else if (!info.common && !collegeInContext) {
          const pros = pool.filter((t) => !index.teams[t]!.college);
          if (pros.length === 1) chosen = pros;
        }
      }
    }
    for (const t of chosen) candidate(t, m);
  }
  return finish();
}

/** Topics that are themes across the team sports (betting, fantasy, competitions of the clubs) rather than sports of their own. */
const THEME_TOPICS = new Set(['fantasy-sports', 'betting', 'champions-league', 'world-cup']);

/** Whether a topic is a sport with no teams in the index (boxing, golf, the Olympics...). */
function isOtherSport(slug: string): boolean {
  return !THEME_TOPICS.has(slug);
}

/** Rule 9: last names alone, once the article's teams are known. */
function tagSurnames(index: TagIndex, tags: Tags, surnames: readonly SurnameMention[]): TagResult {
  if (surnames.length === 0) return tags.result;
  const teams = new Set(tags.result.teamIds.map((id) => index.teamById.get(id)));
  for (const m of surnames) {
    const onTeams = m.players.filter((p) => teams.has(index.playerTeams.get(p)));
    if (onTeams.length === 1) tags.player(onTeams[0]!, m.text, m.field);
  }
  return tags.result;
}
