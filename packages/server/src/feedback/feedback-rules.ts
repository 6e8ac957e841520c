/**
 * The contact form's rules on the server (spec 3 §5 "Contact form", §9 "Contact topics"): the five
 * topics with their names, which fields each topic requires (url for 2 and 3; subject and message for
 * 1, 5 and 7), and the problems of a submission as the contract's error items, each naming its field.
 * The site shows the same topics and marks the same fields (core's `FEEDBACK_TOPICS`); the server does
 * not import core, so a test checks that both lists agree.
 * @module
 */
import type { ApiErrorItem, Feedback, FeedbackTopicId } from '@sportspyder/contract';

/** A field a topic can require. */
export type FeedbackField = 'url' | 'subject' | 'message';

/** One contact topic: its name (the mail's subject line names it) and the fields it requires. */
export interface FeedbackTopicRule {
  readonly name: string;
  readonly required: readonly FeedbackField[];
}

/** The topics of spec 3 §9 by id, with their required fields of spec 3 §5. */
export const FEEDBACK_TOPIC_RULES: Readonly<Record<FeedbackTopicId, FeedbackTopicRule>> = {
  1: { name: 'General comments', required: ['subject', 'message'] },
  2: { name: 'Report a missing article', required: ['url'] },
  3: { name: 'Submit a website', required: ['url'] },
  5: { name: 'Advertising and featured content', required: ['subject', 'message'] },
  7: { name: 'API Access', required: ['subject', 'message'] },
};

/** The error items of the contact form's own rules (the schema's length limits come from ajv). */
export const FEEDBACK_ERRORS = {
  url: { field: 'url', code: 'blank', title: "Url can't be blank" },
  urlInvalid: {
    field: 'url',
    code: 'invalid',
    title: 'Url is not a web address (for example https://example.com/story)',
  },
  subject: { field: 'subject', code: 'blank', title: "Subject can't be blank" },
  message: { field: 'message', code: 'blank', title: "Message can't be blank" },
} as const satisfies Record<string, ApiErrorItem>;

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * A typed web address as stored: `https://` is added when no scheme was typed ("example.com/story"),
 * and only http(s) addresses with a host count. Null when it is no web address.
 *
 * @example
 * ```ts
 * normalizeFeedbackUrl('espn.com/nfl'); // 'https://espn.com/nfl'
 * normalizeFeedbackUrl('javascript:alert(1)'); // null
 * ```
 */
export function normalizeFeedbackUrl(value: string): string | null {
  const raw = value.trim();
  if (raw === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The problems of the topic's required fields (blank or whitespace only) and of a url that is no
 * web address. An unknown topic has no rules here: the schema refuses it.
 */
export function feedbackTopicProblems(body: Partial<Feedback> | undefined): ApiErrorItem[] {
  const rule = FEEDBACK_TOPIC_RULES[body?.feedbackTopicId as FeedbackTopicId] as
    | FeedbackTopicRule
    | undefined;
  if (!rule) return [];
  const problems: ApiErrorItem[] = [];
  for (const field of rule.required) {
    if (trimmed(body?.[field]) === '') problems.push(FEEDBACK_ERRORS[field]);
  }
  const url = trimmed(body?.url);
  if (url !== '' && normalizeFeedbackUrl(url) === null) problems.push(FEEDBACK_ERRORS.urlInvalid);
  return problems;
}
