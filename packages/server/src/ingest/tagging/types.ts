// The shapes the tagger takes and returns. Kept apart from the builder and the tagger so the ingest pipeline
// can import the types without the code, and so both modules share one definition.

/** A database id: numeric in the database, slugs work too (the benchmark uses slugs). */
export type TagId = number | string;

/** A sport as the tagger needs it. */
export interface TagSport {
  /** The sport's id. */
  id: TagId;
  /** Its slug (`nfl`, `premier-league`, `mcb`, `cf`, ...). */
  slug: string;
  /** Its display name; also a keyword ("Premier League", "College Basketball"). */
  name: string;
  /** More keywords that tag the sport ("Super Bowl"). */
  aliases?: readonly string[];
}

/** A team as the tagger needs it. */
export interface TagTeam {
  /** The team's id. */
  id: TagId;
  /** Its slug, the key of the curated alias table. */
  slug: string;
  /** The slug of its sport. */
  sportSlug: string;
  /** The nickname ("Bills", "Crimson Tide"). */
  name: string;
  /** The full name ("Buffalo Bills", "Alabama Crimson Tide Football"). */
  fullName: string;
  /** City, state or school ("Buffalo", "Alabama"); weak on its own. */
  location: string;
  /** Abbreviation ("BUF"); never matched on its own. */
  shortName?: string;
  /** Extra nicknames ("Niners"). */
  nicknames?: readonly string[];
  /** Extra aliases (former names, "Man Utd"). */
  aliases?: readonly string[];
}

/** A player as the tagger needs it: matched by full name only. */
export interface TagPlayer {
  /** The player's id. */
  id: TagId;
  /** The player's slug. */
  slug: string;
  /** Full name as written in headlines. */
  name: string;
  /** The player's current team id; null for a player of no team now (a free agent, a retired star). */
  teamId: TagId | null;
  /** The slug of the player's sport. */
  sportSlug: string;
}

/** A topic (golf, betting, World Cup...). */
export interface TagTopic {
  /** The topic's id. */
  id: TagId;
  /** Its slug. */
  slug: string;
  /** Its display name, also a keyword. */
  name: string;
  /** More phrases that tag it. */
  aliases?: readonly string[];
}

/** What an article offers to the tagger. */
export interface TagArticleInput {
  /** The headline. */
  title: string;
  /** The summary or description (plain text). */
  summary?: string | null;
  /** Teams of a team-specific source (a team blog): always tagged. */
  sourceDefaultTeamIds?: readonly TagId[];
  /** The sport of a sport-specific source: context for ambiguous names, and tagged. */
  sourceSportSlug?: string | null;
  /**
   * The topic of an other-sport outlet (NASCAR, golf...): a team sport's player named in its stories is
   * someone else of the same name unless the text names the player's team or sport.
   */
  sourceTopicSlug?: string | null;
}

/** Which kind of entity a match filed the article under. */
export type TagKind = 'team' | 'player' | 'topic' | 'sport';

/** One piece of evidence for a tag. */
export interface TagMatch {
  /** The kind of entity. */
  kind: TagKind;
  /** The entity's id. */
  id: TagId;
  /** The words as written in the article (empty for tags that come from the source). */
  text: string;
  /** Where the words were found. */
  field: 'title' | 'summary' | 'source';
}

/** The tags of one article, each list without duplicates. */
export interface TagResult {
  /** Tagged teams. */
  teamIds: TagId[];
  /** Tagged players. */
  playerIds: TagId[];
  /** Tagged topics. */
  topicIds: TagId[];
  /** Tagged sports: those of the teams and players, sport keywords, and the source's sport. */
  sportIds: TagId[];
  /** The evidence behind every tag. */
  matches: TagMatch[];
}
