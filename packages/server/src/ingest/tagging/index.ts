// Public entry of the tagging module: build an index once, then tag articles with it.
export { type AliasTable, DEFAULT_ALIASES } from './aliases.js';
export {
  type BuildTagIndexInput,
  buildTagIndex,
  type IndexedTeam,
  type PhraseInfo,
  type TagIndex,
  TIER_FULL,
  TIER_LOCATION,
  TIER_NAME,
} from './build-index.js';
export {
  type CaseOutcome,
  type CaseTags,
  caseInput,
  evaluateTagging,
  measureThroughput,
  type Score,
  type ScoredKind,
  synthesizeArticles,
  type TaggingCase,
  type TaggingEvaluation,
  type Throughput,
  tagCase,
} from './evaluate.js';
export { normalizePhrase, normalizeWord, type Token, tokenize } from './normalize.js';
export {
  type ReferenceSport,
  type ReferenceTeam,
  type ReferenceTeamFile,
  type ReferenceTopic,
  tagInputFromReference,
} from './reference-input.js';
export {
  type ArticleFacts,
  type CandidateMention,
  type DroppedTeam,
  type MentionRole,
  mentionRole,
  reportsGame,
  SALIENCE_RULES,
  type SalienceOptions,
  type SalienceRule,
  salientTeams,
} from './salience.js';
export { tagArticle } from './tag-article.js';
export type * from './types.js';
