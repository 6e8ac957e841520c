/**
 * `POST api/v1/feedbacks`, the contact form's call (spec 3 §7): a fresh captcha token right before
 * sending, only the fields the topic asks for, and the success toast of spec 3 §8. A refusal (422
 * naming the fields, 429) rejects with the call's `ApiError` for the form's error box; a 429 stays on
 * the form rather than leaving for the too-many-tries page, so what was typed is not lost.
 * @module
 */
import type { Feedback, FeedbackResponse, FeedbackTopicId } from '@sportspyder/contract';
import { type CaptchaProvider, localCaptcha } from '../accounts/captcha.js';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { FEEDBACK_SENT_TOAST, feedbackTopicOf } from './feedback-topics.js';

/** The part of the client the call uses. */
export type FeedbackClient = Pick<SportSpyderClient, 'api' | 'toasts'>;

/** What the contact form holds. */
export interface FeedbackInput {
  feedbackTopicId: FeedbackTopicId;
  email: string;
  url?: string | undefined;
  subject?: string | undefined;
  message?: string | undefined;
}

/**
 * Sends the contact form and shows the success toast.
 *
 * @example
 * ```ts
 * await sendFeedback(client, { feedbackTopicId: 2, email: 'fan@example.com', url: 'https://example.com/story' }, captcha);
 * ```
 */
export async function sendFeedback(
  client: FeedbackClient,
  input: FeedbackInput,
  captcha: CaptchaProvider = localCaptcha,
): Promise<FeedbackResponse> {
  const fields = feedbackTopicOf(input.feedbackTopicId)?.fields ?? [];
  const body: Feedback = {
    feedbackTopicId: input.feedbackTopicId,
    email: input.email.trim(),
    recaptcha: await captcha.token(),
  };
  for (const field of fields) body[field] = input[field]?.trim() ?? '';
  const answer = await client.api.post<FeedbackResponse>(apiPath('/api/v1/feedbacks'), body, {
    handleNotFound: false,
    // Too many messages is the form's problem to show, not a page change (the box says to wait).
    handleRateLimit: false,
  });
  client.toasts.show(FEEDBACK_SENT_TOAST, 'success');
  return answer;
}
