/**
 * The contact form's topics (spec 3 §9 "Contact topics") and the fields each one asks for (spec 3
 * §5: url for topics 2 and 3; subject and message for 1, 5 and 7), plus its texts: the success toast
 * of spec 3 §8 and the labels the form shows. The server checks the same rules on
 * `POST api/v1/feedbacks` (its test compares its table with this one).
 * @module
 */
import type { FeedbackTopicId } from '@sportspyder/contract';

/** A field a topic can ask for besides the e-mail. */
export type FeedbackField = 'url' | 'subject' | 'message';

/** One topic of the contact form. */
export interface FeedbackTopic {
  /** The id the URL (/contact/:id) and the call carry. */
  readonly id: FeedbackTopicId;
  /** Its name in the topic choice. */
  readonly label: string;
  /** The fields the form shows for it, all required. */
  readonly fields: readonly FeedbackField[];
  /** What the form says the topic is for. */
  readonly hint: string;
}

/** The topics in the order the form lists them. */
export const FEEDBACK_TOPICS: readonly FeedbackTopic[] = [
  {
    id: 1,
    label: 'General comments',
    fields: ['subject', 'message'],
    hint: 'Ideas, praise, problems with the site, or a team or source we should be following.',
  },
  {
    id: 2,
    label: 'Report a missing article',
    fields: ['url'],
    hint: 'Paste the address of a story that should be on SportSpyder and we will look at why it is not.',
  },
  {
    id: 3,
    label: 'Submit a website',
    fields: ['url'],
    hint: 'Publish sports news, a blog or a podcast? Send us its address and we will consider adding it.',
  },
  {
    id: 5,
    label: 'Advertising and featured content',
    fields: ['subject', 'message'],
    hint: 'Advertise on SportSpyder or have your articles and episodes featured.',
  },
  {
    id: 7,
    label: 'API Access',
    fields: ['subject', 'message'],
    hint: 'Tell us what you are building and roughly how many requests a day you need.',
  },
];

/** The topic the form starts with when the URL names none (or an unknown one). */
export const DEFAULT_FEEDBACK_TOPIC: FeedbackTopicId = 1;

/** The toast after a message was sent (spec 3 §8); the site then goes home. */
export const FEEDBACK_SENT_TOAST = 'Message sent successfully — We appreciate your feedback!';

/** The labels of the optional fields as the form shows them. */
export const FEEDBACK_FIELD_LABELS: Readonly<Record<FeedbackField, string>> = {
  url: 'Url',
  subject: 'Subject',
  message: 'Message',
};

/**
 * The topic of a `/contact/:id` segment: its topic when it names one, else null.
 *
 * @example
 * ```ts
 * feedbackTopicOf('5')?.label; // 'Advertising and featured content'
 * feedbackTopicOf('4'); // null
 * ```
 */
export function feedbackTopicOf(id: string | number | undefined | null): FeedbackTopic | null {
  if (id === undefined || id === null || id === '') return null;
  const n = Number(id);
  return FEEDBACK_TOPICS.find((topic) => topic.id === n) ?? null;
}
