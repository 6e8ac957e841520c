/**
 * Links in chat messages (spec 3 §2, issue 14): message content is plain text, never HTML, so the
 * renderer gets text and link segments to render as text nodes and anchors, each anchor with
 * {@link CHAT_LINK_REL}. Only http(s) addresses (and bare `www.` ones, given https) become links;
 * punctuation closing a sentence stays text.
 * @module
 */

/** The `rel` of every link in a message: not endorsed, user-generated, no opener (issue 14). */
export const CHAT_LINK_REL = 'nofollow ugc noopener';

/** A run of plain text. */
export interface TextSegment {
  /** Always 'text'. */
  readonly type: 'text';
  /** The text, to render as a text node. */
  readonly text: string;
}

/** A link. */
export interface LinkSegment {
  /** Always 'link'. */
  readonly type: 'link';
  /** The text as written. */
  readonly text: string;
  /** The address to open (https added to `www.` addresses). */
  readonly href: string;
}

/** A piece of a message. */
export type MessageSegment = TextSegment | LinkSegment;

// http(s)://… or www.…, up to whitespace or a character that cannot end a URL in prose.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,!?;:'"*_~]+$/;

/** Drops sentence punctuation and an unbalanced closing bracket from the end of a found address. */
function trimLink(raw: string): string {
  let link = raw.replace(TRAILING, '');
  while (link.endsWith(')') && count(link, '(') < count(link, ')')) {
    link = link.slice(0, -1).replace(TRAILING, '');
  }
  return link;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function safeHref(link: string): string | null {
  const candidate = /^www\./i.test(link) ? `https://${link}` : link;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits `text` into text and link segments, in order; joined, their texts give `text` back.
 *
 * @example
 * ```ts
 * messageSegments('Read https://example.com/a.');
 * // [{ type: 'text', text: 'Read ' },
 * //  { type: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
 * //  { type: 'text', text: '.' }]
 * ```
 */
export function messageSegments(text: string): readonly MessageSegment[] {
  const segments: MessageSegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = segments[segments.length - 1];
    if (previous?.type === 'text')
      segments[segments.length - 1] = { type: 'text', text: previous.text + value };
    else segments.push({ type: 'text', text: value });
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const link = trimLink(match[0]);
    const href = link ? safeHref(link) : null;
    if (!href) continue;
    pushText(text.slice(last, start));
    segments.push({ type: 'link', text: link, href });
    last = start + link.length;
  }
  pushText(text.slice(last));
  return Object.freeze(segments);
}
