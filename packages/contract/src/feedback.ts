/**
 * The contact form (spec 3 "Contact", §3 "Feedback", §5 rules, §9 topics).
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Id } from './common.js';

/** Contact topics: 1 general, 2 missing article, 3 submit a website, 5 advertising, 7 API access. */
export const FeedbackTopicId = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(5),
  Type.Literal(7),
]);
/** Contact topics. */
export type FeedbackTopicId = Static<typeof FeedbackTopicId>;

/**
 * `POST api/v1/feedbacks` body. Topic, e-mail and the recaptcha token are always required; the
 * server also requires `url` for topics 2 and 3, `subject` and `message` for 1, 5 and 7 (422).
 */
export const Feedback = Type.Object({
  feedbackTopicId: FeedbackTopicId,
  // minLength before format: ajv checks it first, so a blank address is "can't be blank", not "is invalid".
  email: Type.String({ minLength: 1, format: 'email', maxLength: 254 }),
  url: Type.Optional(Type.String({ maxLength: 2048 })),
  subject: Type.Optional(Type.String({ maxLength: 200 })),
  message: Type.Optional(Type.String({ maxLength: 5000 })),
  recaptcha: Type.String({ minLength: 1, maxLength: 4096 }),
});
/** `POST api/v1/feedbacks` body. */
export type Feedback = Static<typeof Feedback>;

/** `POST api/v1/feedbacks` answer. */
export const FeedbackResponse = Type.Object({ feedback: Type.Object({ id: Id }) });
/** `POST api/v1/feedbacks` answer. */
export type FeedbackResponse = Static<typeof FeedbackResponse>;
