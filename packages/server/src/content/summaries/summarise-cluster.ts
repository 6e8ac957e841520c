/**
 * Extractive summary of one story (a cluster of articles): picks the sentence of the articles'
 * summaries that shares the most salient terms with the whole cluster, and the highlights (names and
 * key terms) to mark in it. Pure and deterministic: no I/O, ties go to the earlier article/sentence.
 * @module
 */

/** What the summariser reads of an article. */
export interface ClusterArticle {
  /** Article id. */
  id: number;
  /** Headline. */
  title: string;
  /** Publisher summary (plain text), if any. */
  summary: string | null;
}

/** A cluster's extractive summary. */
export interface ClusterSummary {
  /** One or two sentences taken from the articles. */
  text: string;
  /** Salient names and terms, most salient first, those found in `text` first. */
  highlights: string[];
}

/** Highlights kept per summary. */
export const MAX_HIGHLIGHTS = 5;
/** A chosen sentence shorter than this gets the following sentence appended. */
export const SHORT_SENTENCE_CHARS = 70;
/** Longest summary text; longer sentences are cut at a word boundary with an ellipsis. */
export const MAX_SUMMARY_CHARS = 320;

const STOP_WORDS = new Set(
  `a about after again against all also an and any are as at be been before being but by can could did do
  does doing down during each few for from further had has have having he her here hers him his how i if in
  into is it its just last me more most my new news no nor not now of off on once only or other our out over
  own said same says she should so some such than that the their them then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would
  you your week year years game games team teams season report reports per amid vs via get gets got`.split(
    /\s+/,
  ),
);

/** Lower-case word tokens of a text (letters, digits, apostrophes inside words). */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

/** Content terms of a text: no stop words, at least 3 characters or a number. */
function terms(text: string): Set<string> {
  return new Set(words(text).filter((w) => !STOP_WORDS.has(w) && (w.length >= 3 || /^\d+$/.test(w))));
}

/** Capitalised phrases (1 to 3 words) of a text: names of players, teams, places. */
function names(text: string): string[] {
  const found: string[] = [];
  // No dots inside: "Betas. Alphas" are two names, not one.
  const pattern = /\b\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,2}/gu;
  for (const match of text.matchAll(pattern)) {
    const phrase = match[0].replace(/['’-]+$/, '');
    const kept = phrase.split(/\s+/).filter((w) => !STOP_WORDS.has(w.toLowerCase()));
    if (kept.length > 0 && kept.join(' ').length >= 3) found.push(kept.join(' '));
  }
  return found;
}

// Abbreviations whose dot does not end a sentence ("Dr. Smith", "St. Louis", "vs. Chicago").
const ABBREVIATION =
  /(?:^|\s)(?:mr|mrs|ms|dr|st|jr|sr|vs|no|gen|lt|sgt|col|capt|rev|prof|inc|co|ft|mt|[a-z])\.$/i;

/**
 * Splits a text into sentences: ends at . ! ? followed by a space and a capital, digit or quote,
 * except after common abbreviations and initials.
 */
export function splitSentences(text: string): string[] {
  const parts = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const sentences: string[] = [];
  for (const part of parts) {
    const last = sentences.length - 1;
    const previous = sentences[last];
    if (previous !== undefined && ABBREVIATION.test(previous)) sentences[last] = `${previous} ${part}`;
    else sentences.push(part);
  }
  return sentences;
}

/** Cuts a text to `max` characters at a word boundary, with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/**
 * Summarises a cluster: weights each term by how many of its articles use it (in title or summary),
 * scores every sentence of the summaries (titles when an article has none) by the weights of the
 * distinct terms it contains, and returns the best sentence (plus the next one when it is short)
 * with the cluster's most salient names and terms as highlights.
 *
 * @example
 * ```ts
 * summariseCluster([{ id: 1, title: 'Love throws 3 TDs', summary: 'Jordan Love threw three touchdowns.' }]);
 * // { text: 'Jordan Love threw three touchdowns.', highlights: ['Jordan Love', ...] }
 * ```
 */
export function summariseCluster(articles: readonly ClusterArticle[]): ClusterSummary {
  if (articles.length === 0) return { text: '', highlights: [] };

  // Document frequency of terms and names across the cluster's articles.
  const termFreq = new Map<string, number>();
  const nameFreq = new Map<string, number>();
  for (const article of articles) {
    const body = `${article.title}. ${article.summary ?? ''}`;
    for (const term of terms(body)) termFreq.set(term, (termFreq.get(term) ?? 0) + 1);
    for (const name of new Set(names(body))) nameFreq.set(name, (nameFreq.get(name) ?? 0) + 1);
  }
  // A term used by one article only is not what the story is about, unless there is one article.
  const minFreq = articles.length > 1 ? 2 : 1;
  const weight = (term: string) => {
    const freq = termFreq.get(term) ?? 0;
    return freq >= minFreq ? freq : 0;
  };

  let best: { score: number; sentences: string[]; index: number } | null = null;
  for (const article of articles) {
    const sentences = splitSentences(article.summary?.trim() ? article.summary : article.title);
    sentences.forEach((sentence, index) => {
      const sentenceTerms = terms(sentence);
      let score = 0;
      for (const term of sentenceTerms) score += weight(term);
      // Very short fragments ("Read more.") carry little; prefer real sentences on ties.
      if (sentenceTerms.size < 3) score *= 0.5;
      if (!best || score > best.score) best = { score, sentences, index };
    });
  }
  const chosen = best as { score: number; sentences: string[]; index: number } | null;
  let text = chosen?.sentences[chosen.index] ?? articles[0]?.title ?? '';
  const next = chosen?.sentences[chosen.index + 1];
  if (text.length < SHORT_SENTENCE_CHARS && next) text = `${text} ${next}`;
  text = clip(text, MAX_SUMMARY_CHARS);

  // Highlights: names first (by frequency), then single terms; those found in the text lead.
  const lowerText = text.toLowerCase();
  const rankedNames = [...nameFreq]
    .filter(([, freq]) => freq >= minFreq)
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))
    .map(([name]) => name);
  const rankedTerms = [...termFreq]
    .filter(([term, freq]) => freq >= minFreq && !/^\d+$/.test(term))
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))
    .map(([term]) => term);
  const candidates: string[] = [];
  for (const candidate of [...rankedNames, ...rankedTerms]) {
    const lower = candidate.toLowerCase();
    // Skip a term already covered by a chosen name ("love" inside "Jordan Love").
    if (candidates.some((c) => c.toLowerCase().split(/\s+/).includes(lower))) continue;
    if (candidates.some((c) => c.toLowerCase() === lower)) continue;
    candidates.push(candidate);
  }
  const inText = candidates.filter((c) => lowerText.includes(c.toLowerCase()));
  const rest = candidates.filter((c) => !lowerText.includes(c.toLowerCase()));
  return { text, highlights: [...inText, ...rest].slice(0, MAX_HIGHLIGHTS) };
}
