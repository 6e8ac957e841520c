/**
 * Headline and summary templates per story kind. Placeholders in braces are filled from a story's
 * context: {T} team full name, {N} nickname, {L} location, {O}/{ON} opponent full name / nickname,
 * {P} player, {POS} position, {S} the score line, {INJ} injury, {ST} injury status, {C} coach,
 * {R} recruit or prospect, {Y} years, {M} money, {Q} a second player. Every headline of one kind names
 * the same people, so the variants of one story share the terms clustering looks at.
 * @module
 */

/** Story kinds. */
export type StoryKind =
  | 'recap'
  | 'draw'
  | 'preview'
  | 'injury'
  | 'trade'
  | 'signing'
  | 'coaching'
  | 'rankings'
  | 'draft'
  | 'recruiting'
  | 'fantasy'
  | 'feature'
  | 'topic';

/** Headline variants by kind (a player-less variant list is used for college teams). */
export const HEADLINES: Record<StoryKind, readonly string[]> = {
  recap: [
    '{T} beat {O} {S} behind big night from {P}',
    '{P} leads {N} past {ON}, {S}',
    '{N} top {ON} {S} as {P} stars',
    'Takeaways from the {N} {S} win over the {ON}',
    'Instant reaction: {N} hold off {ON} {S}',
  ],
  draw: [
    '{T} and {O} share the points in {S} draw',
    '{N} held to {S} draw by {ON}',
    '{P} rescues a point as {N} draw {ON} {S}',
  ],
  preview: [
    'Preview: {T} vs. {O}, and why {P} is the key',
    '{N} vs. {ON}: three things to watch',
    'What to watch when the {N} meet the {ON}',
    '{N} look to {P} against {ON}',
  ],
  injury: [
    '{N} {POS} {P} listed as {ST} with {INJ} injury',
    '{P} injury update: {N} {POS} {ST} ({INJ})',
    '{N} could be without {P} after {INJ} injury',
    '{INJ} injury leaves {N} star {P} {ST}',
  ],
  trade: [
    'Report: {N} exploring trade for {ON} {QPOS} {Q}',
    '{ON} {Q} drawing trade interest from the {N}',
    'Rumour: {N} linked to {ON} {QPOS} {Q}',
    'Could the {N} land {Q}? {ON} listening to offers',
  ],
  signing: [
    '{N} sign {P} to {Y}-year extension',
    '{P} agrees to {Y}-year, {M} million deal with {N}',
    '{N}, {P} agree on {Y}-year extension',
  ],
  coaching: [
    '{N} coach {C} under pressure after slow start',
    '{C} defends {T} game plan: "We will fix it"',
    'Is {C} the right coach for the {N}?',
  ],
  rankings: [
    'Power rankings: {N} climb, {ON} slide',
    'Power rankings: {T} rise while {O} tumble',
    'Week in review: {N} move up, {ON} fall in power rankings',
  ],
  draft: [
    'Mock draft: {N} target {POS} prospect {R}',
    'Draft watch: {R} would fit the {N}',
    '{R} rising on {N} draft boards',
  ],
  recruiting: [
    'Four-star {POS} {R} commits to {T}',
    '{T} lands commitment from {R}',
    '{R} picks {N} over {ON}',
  ],
  fantasy: [
    'Fantasy: start {P} against the {ON} this week',
    'Start or sit: {N} {POS} {P} vs. {ON}',
    'Waiver wire: {P} of the {N} is a must-add',
  ],
  feature: [
    'How {P} became the heart of the {T}',
    '{P} opens up on a season of change in {L}',
    'Inside the {N} locker room with {P}',
    'Film study: what makes {P} so hard to stop',
  ],
  topic: [
    '{R} wins in a playoff at the {ON} Classic',
    '{R} takes pole ahead of the {ON} Grand Prix',
    '{R} stuns the favourite in {ON} final',
    'Results: {R} claims the {ON} title',
  ],
};

/** Headline variants without a player, for college teams (no demo rosters). */
export const COLLEGE_HEADLINES: Partial<Record<StoryKind, readonly string[]>> = {
  recap: [
    '{T} beat {O} {S}',
    '{N} top {ON} {S} in conference clash',
    'Takeaways from the {N} {S} win over {O}',
    '{T} rolls past {O}, {S}',
  ],
  preview: ['Preview: {T} vs. {O}', '{N} vs. {ON}: three things to watch', 'Keys to the game: {T} at {O}'],
  feature: ['Inside the {T} program with coach {C}', 'How {C} rebuilt {T}', '{L} buzzing about {T}'],
};

/** Summary sentences by kind; 1 to 3 are picked per article. */
export const SUMMARIES: Record<StoryKind, readonly string[]> = {
  recap: [
    'The {N} won {S} against the {ON}.',
    '{P} was the difference, and the {N} never trailed in the second half.',
    'The {ON} rallied late but could not close the gap.',
    'Both coaches pointed to turnovers after the game.',
  ],
  draw: [
    'Neither side could find a winner in a {S} draw.',
    'The {N} had the better chances but settled for a point.',
  ],
  preview: [
    'The {N} and the {ON} meet this week.',
    'All eyes are on {P}, who has been in form.',
    'The {ON} have won three of the last five meetings.',
  ],
  injury: [
    '{P} ({INJ}) is {ST} for the next game.',
    'The {N} will decide later in the week.',
    'The team said the {INJ} issue is being managed day to day.',
  ],
  trade: [
    'The {N} have asked about {Q}, according to people familiar with the talks.',
    'The {ON} are said to want young talent in return.',
    'Nothing is close, but the conversations are real.',
  ],
  signing: [
    '{P} and the {N} agreed on a {Y}-year deal worth {M} million.',
    'The extension keeps {P} in {L}.',
  ],
  coaching: [
    '{C} faced questions about the {N} after a difficult week.',
    'The front office is said to back {C}.',
  ],
  rankings: ['The {N} move up after a strong week.', 'The {ON} drop after back-to-back losses.'],
  draft: ['{R} is a {POS} with a high ceiling.', 'Scouts like the fit with the {N}.'],
  recruiting: ['{R} chose {T} after official visits.', 'The {POS} is one of the top prospects in the class.'],
  fantasy: ['{P} has seen more touches every week.', 'The {ON} matchup looks favourable.'],
  feature: [
    '{P} talks about leadership, family and life in {L}.',
    'Teammates say {P} sets the tone in practice.',
  ],
  topic: ['{R} finished strongly to take the {ON} event.', 'The win moves {R} up the standings.'],
};

/** Fills a template from a context; unknown placeholders are left out. */
export function fill(template: string, ctx: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Z]+)\}/g, (_, key: string) => ctx[key] ?? '');
}

/** The first summary sentence of each kind: it names the team in full, so tagging never has to guess. */
export const LEADS: Record<StoryKind, string> = {
  recap: 'The {T} beat the {O} {S}.',
  draw: 'The {T} and the {O} drew {S}.',
  preview: 'The {T} face the {O} next.',
  injury: 'The {T} are monitoring {P}.',
  trade: 'The {T} have talked to the {O} about {Q}.',
  signing: 'The {T} made a roster move.',
  coaching: 'The {T} are looking for answers.',
  rankings: 'The {T} and the {O} went opposite ways this week.',
  draft: 'The {T} are scouting {R}.',
  recruiting: 'The {T} beat the {O} for {R}.',
  fantasy: 'The {T} lean on {P} against the {O}.',
  feature: 'A closer look at the {T}.',
  topic: '{R} won in {ON}.',
};
