// Decides which of the teams an article names it is *about*. The tagger finds every team a text names;
// many are named in passing (a signing's former club, the standings, an owner's other team, last week's
// opponent in a story about an injury), and a reader who follows that team does not want the story. This
// step looks at where and how each team is named and keeps the teams the article is about.
//
// Each team mention gets a role from the words around it (`mentionRole`): the subject, the opponent of a
// game, or one of the passing roles (former team, comparison, standings, an owner's team, the team of a
// player who is now elsewhere). Then, per team (`salientTeams`), with every rule named so the benchmark
// can measure it on its own:
// - `passing`: a team named only in the summary, and there only in passing roles, is dropped when the
//   article has a subject besides it (another team it names as the subject, or a headline player of another
//   team); the team of a headline player is a subject itself.
// - `opponent`: a team named only in the summary, and there only as the other side of a game ("loss to
//   the Bills"), is dropped when the headline names a team or player, unless the headline reports a game:
//   then both sides are the story.
// - `sport`: a team named only in the summary, of a sport the headline rules out (the headline names its
//   sport through teams, players, sport words or another sport such as boxing), is dropped: "Tom Brady
//   ... during a Knicks timeout".
// The headline is never overruled: a team named there is kept (its own context rules still apply).
import type { TagIndex } from './build-index.js';
import type { Token } from './normalize.js';

/** How a team is named at one place of the text. */
export type MentionRole =
  | 'subject'
  | 'opponent'
  | 'former'
  | 'comparison'
  | 'standings'
  | 'owner'
  /** Named in front of a player ("Seahawks receiver Cooper Kupp"): decided by who the player is. */
  | 'descriptor';

/** The rules of this step, each of which the benchmark can switch off to measure it. */
export type SalienceRule = 'passing' | 'opponent' | 'sport';

/** Every rule, in the order they are described above. */
export const SALIENCE_RULES: readonly SalienceRule[] = ['passing', 'opponent', 'sport'];

/** Options of the step: rules switched off (for the benchmark's ablation; the product runs them all). */
export interface SalienceOptions {
  /** Rules not to apply. */
  off?: readonly SalienceRule[];
}

/** One place a candidate team is named. */
export interface CandidateMention {
  /** Where ('title' also for a headline's name that could be this team: "Buckeyes" for Ohio State's teams). */
  field: 'title' | 'summary';
  /** Its role there. */
  role: MentionRole;
  /** For a descriptor: the player (position in the index) it stands in front of. */
  player?: number;
}

/** What the article as a whole says, besides its team mentions. */
export interface ArticleFacts {
  /** Players the headline names (positions in the index), by full name or by last name. */
  titlePlayers: ReadonlySet<number>;
  /** Sports the headline names by a sport word ("NHL", "Stanley Cup"), or by its players. */
  titleSports: ReadonlySet<number>;
  /** The headline names a sport that has no teams of the index (boxing, golf, the Olympics...). */
  titleOtherSport: boolean;
  /** The headline names a team or a player (even one it cannot tell apart yet). */
  titleNamesSomeone: boolean;
  /** Whether the headline reports a game (asked only when a team is named as an opponent): {@link reportsGame}. */
  titleReportsGame: () => boolean;
}

/** Why a candidate team was left out. */
export interface DroppedTeam {
  /** Position of the team in the index. */
  team: number;
  /** The rule that dropped it. */
  rule: SalienceRule;
}

// Words before a team that make it the other side of a game ("against the X", "loss to the X", "win over
// X", "beat the X") and words after it ("the X matchup").
const OPPONENT_BEFORE = new Set(['against', 'vs', 'v', 'versus', 'facing', 'face', 'faces', 'host', 'hosts']);
const OPPONENT_AFTER = new Set(['matchup', 'matchups', 'opponent', 'defense', 'defence']);
const BEATING = new Set([
  'beat',
  'beats',
  'beating',
  'defeated',
  'defeating',
  'downed',
  'edged',
  'topped',
  'routed',
  'blanked',
  'stunned',
]);
/** "loss to", "fell to": the team after "to" won the game. */
const LOSING = new Set([
  'loss',
  'losses',
  'lost',
  'lose',
  'loses',
  'fell',
  'falls',
  'fall',
  'defeat',
  'defeats',
]);
/** "win over", "victory over": the team after "over" lost the game. */
const WINNING = new Set(['win', 'wins', 'won', 'victory', 'victories', 'triumph', 'rout', 'shutout']);

// Passing roles and the words that give them, looked for a few words before the team.
const FORMER = new Set(['former', 'formerly', 'ex', 'previously']);
/** "played two seasons for the Raiders": a verb of past service, then "for"/"with" right before the team. */
const SERVED = new Set(['played', 'spent', 'pitched', 'coached']);
const COMPARISON = new Set([
  'comparison',
  'comparisons',
  'compared',
  'comparing',
  'similarities',
  'similarity',
  'footsteps',
  'reminiscent',
]);
/** "trail the Ravens", "ahead of the Broncos", "within a point of Boston", "behind Chelsea". */
const STANDINGS = new Set(['trail', 'trails', 'trailing', 'behind', 'ahead', 'within']);
/** Words after a team that make it an owner's or executive's ("Bruins owner Jeremy Jacobs"). */
const OWNER_AFTER = new Set(['owner', 'owners', 'co', 'chairman', 'chairmen']);
/**
 * Words of a player's position or standing, which may stand between a team and the player's name
 * ("Arizona WR Tetairoa McMillan", "Yankees right fielder Gary Sheffield", "Reds slugger Adam Dunn").
 */
const POSITIONS = new Set([
  ...['quarterback', 'qb', 'receiver', 'wr', 'rb', 'te', 'lb', 'cb', 'running', 'back', 'tight', 'end'],
  ...['linebacker', 'cornerback', 'safety', 'kicker', 'tackle', 'edge', 'rusher', 'lineman'],
  ...['pitcher', 'slugger', 'outfielder', 'fielder', 'right', 'left', 'center', 'infielder', 'catcher'],
  ...['shortstop', 'closer', 'reliever', 'starter', 'ace', 'forward', 'guard', 'centre', 'goalie'],
  ...['goaltender', 'defenseman', 'striker', 'midfielder', 'defender', 'goalkeeper', 'winger'],
  ...['captain', 'star', 'rookie', 'veteran', 'superstar', 'standout', 'prospect'],
]);

/** The word `k` places before `start`, skipping one "the" right before the team. */
function wordBefore(tokens: readonly Token[], start: number, k: number): string | undefined {
  const skip = tokens[start - 1]?.norm === 'the' ? 1 : 0;
  return tokens[start - k - skip]?.norm;
}

/** The passing role the up to six words before `start` give, if any (one pass: this runs per mention). */
function passingBefore(tokens: readonly Token[], start: number): MentionRole | undefined {
  let served = false;
  let comparison = false;
  let standings = false;
  for (let k = 1; k <= 6 && k <= start; k++) {
    const w = tokens[start - k]!.norm;
    if (k <= 3 && FORMER.has(w)) return 'former';
    if (SERVED.has(w)) served = true;
    if (k <= 5 && COMPARISON.has(w)) comparison = true;
    if (k <= 5 && STANDINGS.has(w)) standings = true;
  }
  const before = wordBefore(tokens, start, 1);
  if (served && (before === 'for' || before === 'with')) return 'former';
  if (comparison) return 'comparison';
  return standings ? 'standings' : undefined;
}

/** Whether token `k` follows token `k - 1` with only a space between, or an apostrophe and a space. */
function joined(text: string, tokens: readonly Token[], k: number): boolean {
  const token = tokens[k];
  if (token === undefined) return false;
  const gap = token.start - tokens[k - 1]!.end;
  return gap === 1
    ? text[token.start - 1] === ' '
    : gap === 2 && /^['’]\s$/.test(text.slice(token.start - 2, token.start));
}

/**
 * The role of a team named by tokens `start..end` of `text`: the words just before and after decide.
 * `players` are the player names found in the same text (token positions), for the descriptor role.
 */
export function mentionRole(
  text: string,
  tokens: readonly Token[],
  start: number,
  end: number,
  players: readonly { start: number; player: number }[],
): { role: MentionRole; player?: number } {
  const passing = passingBefore(tokens, start);
  if (passing) return { role: passing };
  const after = tokens[end + 1]?.norm ?? '';
  if (OWNER_AFTER.has(after)) return { role: 'owner' };
  // Only words and spaces between ("Chiefs' Patrick Mahomes", not "the Mets, Pedro Martinez").
  let at = end + 1;
  while (at <= end + 3 && joined(text, tokens, at) && POSITIONS.has(tokens[at]!.norm)) at++;
  if (players.length > 0 && joined(text, tokens, at)) {
    for (const p of players) if (p.start === at) return { role: 'descriptor', player: p.player };
  }
  const before = wordBefore(tokens, start, 1) ?? '';
  const before2 = wordBefore(tokens, start, 2) ?? '';
  if (
    OPPONENT_BEFORE.has(before) ||
    OPPONENT_AFTER.has(after) ||
    BEATING.has(before) ||
    (before === 'to' && LOSING.has(before2)) ||
    (before === 'over' && WINNING.has(before2))
  ) {
    return { role: 'opponent' };
  }
  return { role: 'subject' };
}

/**
 * A team joined by "and"/"or" to the team named just before it shares that team's role: "within a
 * percentage point of Boston and Texas".
 */
export function sharesRole(
  tokens: readonly Token[],
  start: number,
  previousEnd: number | undefined,
): boolean {
  if (previousEnd === undefined) return false;
  const joiner = tokens[start - 1]?.norm;
  return previousEnd === start - 2 && (joiner === 'and' || joiner === 'or');
}

// Verbs and shapes of a headline that reports a result: "Utes Pile It On" does not, "Louisville Beats NC
// A&T, 85-51" and "Massachusetts 61, No. 7 Connecticut 59" do.
const RESULT_WORDS = new Set([
  'beat',
  'beats',
  'top',
  'tops',
  'edge',
  'edges',
  'rout',
  'routs',
  'down',
  'downs',
  'win',
  'wins',
  'won',
  'lift',
  'lifts',
  'rally',
  'rallies',
  'blank',
  'blanks',
  'stun',
  'stuns',
  'crush',
  'crushes',
  'sink',
  'sinks',
  'past',
  'defeat',
  'defeats',
  'loss',
  'lose',
  'loses',
  'victory',
  'roll',
  'rolls',
  'cruise',
  'cruises',
  'outlast',
  'outlasts',
  'sweep',
  'sweeps',
  'holds',
  'hold',
  'snap',
  'snaps',
  'clinch',
  'clinches',
  'streak',
  'record',
  'vs',
  'versus',
  'double',
  'triple',
]);
// A score ("85-51", "Massachusetts 61, No. 7 Connecticut 59"), a game of a series ("Game 5") or a stat
// line ("40-point", "double-double").
const SCORE = /\b\d{1,3}\s*-\s*\d{1,3}\b|\b\d{1,3},\s*(?:No\.\s*\d+\s+)?[A-Z][\w .'&]*\s\d{1,3}$/;
const GAME_LINE = /\bGame \d\b|\b\d+-(?:point|goal|run|hit|yard|save|strikeout)\b/i;

/** Whether a headline reports a game: its result, a game of a series or a player's line in one. */
export function reportsGame(title: string, tokens: readonly Token[]): boolean {
  if (SCORE.test(title) || GAME_LINE.test(title)) return true;
  // "Crowton Steps Down" is not "Bears down Lions".
  return tokens.some(
    (t, i) => RESULT_WORDS.has(t.norm) && !(t.norm === 'down' && STEP.has(tokens[i - 1]?.norm ?? '')),
  );
}
const STEP = new Set(['step', 'steps', 'stepping', 'stepped']);

/** Roles that say the team is not what the article is about. */
const PASSING: ReadonlySet<MentionRole> = new Set(['former', 'comparison', 'standings', 'owner']);

/**
 * Keeps the candidate teams the article is about. `candidates` maps each team (position in the index) to
 * the places it is named; teams of a team's own source are not candidates (they are always kept).
 */
export function salientTeams(
  index: TagIndex,
  candidates: ReadonlyMap<number, readonly CandidateMention[]>,
  facts: ArticleFacts,
  options: SalienceOptions = {},
): { kept: number[]; dropped: DroppedTeam[] } {
  // Most articles name every team in the headline: nothing to decide.
  let summaryOnlyTeams = 0;
  for (const ms of candidates.values()) if (ms.every((m) => m.field === 'summary')) summaryOnlyTeams++;
  if (summaryOnlyTeams === 0) return { kept: [...candidates.keys()], dropped: [] };
  const on = (rule: SalienceRule) => !options.off?.includes(rule);
  // A descriptor is decided by the player: in front of a player now on another team it names the
  // player's old team ("Arizona WR Tetairoa McMillan ... heads to the Panthers"); in front of the player
  // the headline is about, it is the subject ("Sheffield day to day": "Yankees right fielder Gary
  // Sheffield"); otherwise it is in passing.
  const roleOf = (team: number, m: CandidateMention): MentionRole => {
    if (m.role !== 'descriptor' || m.player === undefined) return m.role;
    const playersTeam = index.playerTeams.get(m.player);
    if (playersTeam !== undefined && playersTeam !== team) return 'former';
    return facts.titlePlayers.has(m.player) ? 'subject' : 'owner';
  };
  const summaryOnly = (ms: readonly CandidateMention[]) => ms.every((m) => m.field === 'summary');
  // The subjects: teams the headline names, teams named as the subject in the summary, and the teams of
  // the headline's players ("City to ponder Anelka future": Anelka's club is the story).
  const subjects = new Set<number>();
  for (const [team, ms] of candidates) {
    if (ms.some((m) => m.field === 'title' || roleOf(team, m) === 'subject')) subjects.add(team);
  }
  for (const p of facts.titlePlayers) {
    const t = index.playerTeams.get(p);
    if (t !== undefined && candidates.has(t)) subjects.add(t);
  }
  const hasSubjectBesides = (team: number) =>
    [...facts.titlePlayers].some((p) => index.playerTeams.get(p) !== team) ||
    [...subjects].some((t) => t !== team);
  // The sports the headline names: its sport words, its players' and its teams'.
  const titleSports = new Set(facts.titleSports);
  for (const [team, ms] of candidates) {
    if (ms.some((m) => m.field === 'title')) titleSports.add(index.teams[team]!.sport);
  }

  const kept: number[] = [];
  const dropped: DroppedTeam[] = [];
  for (const [team, ms] of candidates) {
    let rule: SalienceRule | undefined;
    if (summaryOnly(ms)) {
      const roles = ms.map((m) => roleOf(team, m));
      // A team the article is about (a headline player's) is never in passing.
      const passing = !subjects.has(team) && hasSubjectBesides(team);
      if (on('passing') && passing && roles.every((r) => PASSING.has(r))) rule = 'passing';
      else if (
        on('opponent') &&
        !subjects.has(team) &&
        roles.includes('opponent') &&
        roles.every((r) => r === 'opponent' || PASSING.has(r)) &&
        !facts.titleReportsGame() &&
        facts.titleNamesSomeone
      ) {
        rule = 'opponent';
      } else if (
        on('sport') &&
        (titleSports.size > 0 || facts.titleOtherSport) &&
        !titleSports.has(index.teams[team]!.sport)
      ) {
        rule = 'sport';
      }
    }
    if (rule) dropped.push({ team, rule });
    else kept.push(team);
  }
  return { kept, dropped };
}
