// Scores the tagger against a table of hand-labelled headlines (micro-averaged precision and recall for
// teams, players, sports and topics, with every case's misses) and measures its throughput. Used by the unit tests
// and by scripts/bench-tagging.ts, which only prints what these functions return.
import type { TagIndex } from './build-index.js';
import type { SalienceOptions } from './salience.js';
import { tagArticle } from './tag-article.js';
import type { TagArticleInput } from './types.js';

/** One hand-labelled headline. All expectations are slugs; omitted lists expect nothing. */
export interface TaggingCase {
  /** The headline. */
  title: string;
  /** Optional summary. */
  summary?: string;
  /** The source's sport, if the source is sport-specific. */
  sourceSportSlug?: string;
  /** The source's topic, if it is an other-sport outlet. */
  sourceTopicSlug?: string;
  /** Default team slugs of a team-specific source. */
  sourceTeams?: readonly string[];
  /** Expected team slugs. */
  teams: readonly string[];
  /** Expected sport slugs. */
  sports: readonly string[];
  /** Expected topic slugs. */
  topics?: readonly string[];
  /** Expected player slugs; omitted: the case's players are not scored (the hand-written table names few). */
  players?: readonly string[];
  /** Why the case is in the table (the rule it exercises). */
  note?: string;
  /** A documented miss: what the tagger yields instead (slugs), and why. */
  knownMiss?: {
    teams: readonly string[];
    sports: readonly string[];
    topics?: readonly string[];
    why: string;
  };
}

/** The slugs the tagger gave one case. */
export interface CaseTags {
  /** Team slugs. */
  teams: string[];
  /** Sport slugs. */
  sports: string[];
  /** Topic slugs. */
  topics: string[];
  /** Player slugs. */
  players: string[];
}

/** Precision and recall of one kind of tag over a table. */
export interface Score {
  /** Expected and found. */
  truePositives: number;
  /** Found but not expected. */
  falsePositives: number;
  /** Expected but not found. */
  falseNegatives: number;
  /** truePositives / found (1 when nothing was found). */
  precision: number;
  /** truePositives / expected (1 when nothing was expected). */
  recall: number;
}

/** How one case went. */
export interface CaseOutcome {
  /** The case. */
  case: TaggingCase;
  /** What the tagger found. */
  actual: CaseTags;
  /** Expected slugs that were not found, prefixed by kind (`team:`, `sport:`, `topic:`). */
  missing: string[];
  /** Found slugs that were not expected, prefixed by kind. */
  extra: string[];
}

/** The result of {@link evaluateTagging}. */
export interface TaggingEvaluation {
  /** Scores for teams. */
  teams: Score;
  /** Scores for players, over the cases that list their players. */
  players: Score;
  /** Scores for sports. */
  sports: Score;
  /** Scores for topics. */
  topics: Score;
  /** Every case's outcome, in table order. */
  outcomes: CaseOutcome[];
  /** The outcomes with a miss or an extra tag. */
  failures: CaseOutcome[];
}

/** Builds the tagger input of a case (source team slugs become ids through the index). */
export function caseInput(index: TagIndex, c: TaggingCase): TagArticleInput {
  const sourceDefaultTeamIds = (c.sourceTeams ?? []).flatMap((slug) => {
    const t = index.teamBySlug.get(slug);
    return t === undefined ? [] : [index.teams[t]!.id];
  });
  return {
    title: c.title,
    summary: c.summary,
    sourceSportSlug: c.sourceSportSlug,
    sourceTopicSlug: c.sourceTopicSlug,
    sourceDefaultTeamIds,
  };
}

/** Tags one case and returns slugs, sorted. */
export function tagCase(index: TagIndex, c: TaggingCase, salience?: SalienceOptions): CaseTags {
  const r = tagArticle(index, caseInput(index, c), { salience });
  const slug = <T>(ids: readonly T[], byId: (id: T) => string | undefined) =>
    ids.flatMap((id) => byId(id) ?? []).sort();
  return {
    teams: slug(r.teamIds, (id) => index.teams[index.teamById.get(id) ?? -1]?.slug),
    sports: slug(r.sportIds, (id) => index.sports[index.sportById.get(id) ?? -1]?.slug),
    topics: slug(r.topicIds, (id) => index.topics[index.topicById.get(id) ?? -1]?.slug),
    players: slug(r.playerIds, (id) => index.players.find((p) => p.id === id)?.slug),
  };
}

function emptyScore(): Score {
  return { truePositives: 0, falsePositives: 0, falseNegatives: 0, precision: 1, recall: 1 };
}

function compare(
  kind: string,
  expected: readonly string[],
  actual: readonly string[],
  score: Score,
  out: CaseOutcome,
): void {
  for (const e of expected) {
    if (actual.includes(e)) score.truePositives++;
    else {
      score.falseNegatives++;
      out.missing.push(`${kind}:${e}`);
    }
  }
  for (const a of actual) {
    if (!expected.includes(a)) {
      score.falsePositives++;
      out.extra.push(`${kind}:${a}`);
    }
  }
}

function finish(s: Score): Score {
  const found = s.truePositives + s.falsePositives;
  const expected = s.truePositives + s.falseNegatives;
  return {
    ...s,
    precision: found === 0 ? 1 : s.truePositives / found,
    recall: expected === 0 ? 1 : s.truePositives / expected,
  };
}

/** Which kinds of tag {@link evaluateTagging} scores. */
export type ScoredKind = 'team' | 'player' | 'sport' | 'topic';

/**
 * Runs every case through the tagger and scores it against the expected tags (known misses count as misses).
 * `kinds` leaves out the kinds a table does not label (the real headlines label teams and players only);
 * players are scored on the cases that list them.
 *
 * @example
 * const { teams } = evaluateTagging(index, TAGGING_CASES);
 * console.log(teams.precision, teams.recall);
 */
export function evaluateTagging(
  index: TagIndex,
  cases: readonly TaggingCase[],
  kinds: readonly ScoredKind[] = ['team', 'player', 'sport', 'topic'],
  salience?: SalienceOptions,
): TaggingEvaluation {
  const teams = emptyScore();
  const players = emptyScore();
  const sports = emptyScore();
  const topics = emptyScore();
  const outcomes = cases.map((c) => {
    const actual = tagCase(index, c, salience);
    const out: CaseOutcome = { case: c, actual, missing: [], extra: [] };
    if (kinds.includes('team')) compare('team', c.teams, actual.teams, teams, out);
    if (kinds.includes('player') && c.players) compare('player', c.players, actual.players, players, out);
    if (kinds.includes('sport')) compare('sport', c.sports, actual.sports, sports, out);
    if (kinds.includes('topic')) compare('topic', c.topics ?? [], actual.topics, topics, out);
    return out;
  });
  return {
    teams: finish(teams),
    players: finish(players),
    sports: finish(sports),
    topics: finish(topics),
    outcomes,
    failures: outcomes.filter((o) => o.missing.length > 0 || o.extra.length > 0),
  };
}

/**
 * Makes `count` synthetic articles by recombining the cases deterministically: the first half of one
 * headline's words with the second half of another's, and a third case's summary.
 */
export function synthesizeArticles(
  cases: readonly TaggingCase[],
  count: number,
  seed = 42,
): TagArticleInput[] {
  let state = seed >>> 0;
  // A small LCG: the benchmark must tag the same corpus on every run.
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % cases.length;
  };
  const out: TagArticleInput[] = [];
  for (let i = 0; i < count; i++) {
    const a = cases[next()]!.title.split(' ');
    const b = cases[next()]!.title.split(' ');
    const title = [...a.slice(0, Math.ceil(a.length / 2)), ...b.slice(Math.floor(b.length / 2))].join(' ');
    const summary = cases[next()]!.summary ?? cases[next()]!.title;
    out.push({ title, summary });
  }
  return out;
}

/** Throughput of {@link tagArticle} over a corpus. */
export interface Throughput {
  /** Articles tagged. */
  articles: number;
  /** Wall time in milliseconds. */
  elapsedMs: number;
  /** Articles per second. */
  perSecond: number;
  /** Mean milliseconds per article. */
  msPerArticle: number;
}

/** Tags every article of the corpus once (after a short warm-up) and reports the rate. */
export function measureThroughput(index: TagIndex, articles: readonly TagArticleInput[]): Throughput {
  for (const a of articles.slice(0, 500)) tagArticle(index, a);
  const start = performance.now();
  for (const a of articles) tagArticle(index, a);
  const elapsedMs = performance.now() - start;
  return {
    articles: articles.length,
    elapsedMs,
    perSecond: articles.length / (elapsedMs / 1000),
    msPerArticle: elapsedMs / articles.length,
  };
}
