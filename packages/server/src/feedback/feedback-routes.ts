/**
 * The contact form's call (spec 3 "Contact", §5, §7 "POST api/v1/feedbacks"): checks the topic's
 * required fields (422 naming each field), the captcha (the same verifier as sign-up), and the
 * throttles (per client address through the route's rate limit, per sender address in the database;
 * 429 with Retry-After), then stores the message and mails it to CONTACT_EMAIL through the app's
 * mailer (SMTP, or the database outbox shown at /dev/mail).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Feedback, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ERRORS } from '../accounts/account-validation.js';
import { type CaptchaVerifier, captchaFor } from '../accounts/captcha.js';
import { hit, throttleKey } from '../accounts/throttle.js';
import type { ServerConfig } from '../config.js';
import type { Outbox } from '../content/members/outbox.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { HttpError, validationItems } from '../http/errors.js';
import { mailerFor } from '../mail/mailer.js';
import { FEEDBACK_TEMPLATE, type FeedbackMailData } from './feedback-mail.js';
import { FEEDBACK_TOPIC_RULES, feedbackTopicProblems, normalizeFeedbackUrl } from './feedback-rules.js';

/** Messages one sender address may send per hour; more answer 429 until the hour is over. */
export const FEEDBACKS_PER_HOUR = 5;

/** The 429 of too many messages from one address. */
export const FEEDBACK_THROTTLED = {
  code: 'rate_limited',
  title: 'You have sent several messages in a short time. Please try again later.',
};

/** Options of {@link feedbackRoutes}. */
export interface FeedbackRoutesOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration (CONTACT_EMAIL, the captcha settings, the rate limits). */
  config: ServerConfig;
  /** Where mails go (default: the app's mailer). */
  outbox?: Outbox | undefined;
  /** The captcha (default: reCAPTCHA v3 with RECAPTCHA_SECRET, else the local verifier). */
  captcha?: CaptchaVerifier | undefined;
}

const optional = (value: string | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
};

/**
 * Registers `POST api/v1/feedbacks`.
 *
 * @example
 * ```ts
 * await api.register(feedbackRoutes, { db, config });
 * ```
 */
export async function feedbackRoutes(app: FastifyInstance, opts: FeedbackRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const outbox = opts.outbox ?? mailerFor(db, config, app.log);
  const captcha = opts.captcha ?? captchaFor(config);
  if (config.production && config.contactEmail.endsWith('@localhost')) {
    app.log.warn('CONTACT_EMAIL is not set: contact form messages are mailed to contact@localhost');
  }

  const create = routes.createFeedback;
  api.route({
    method: create.method,
    url: create.url,
    // The handler runs on invalid bodies too, so the schema's problems and the topic's rules come
    // back in one list (a form shows every problem at once).
    schema: { body: create.body, response: create.response },
    attachValidation: true,
    config: { rateLimit: { max: config.signInRateLimitMax, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const body = request.body as Partial<Feedback> | undefined;
      const problems = request.validationError
        ? validationItems((request.validationError as { validation?: [] }).validation ?? [], 'body')
        : [];
      for (const item of feedbackTopicProblems(body)) {
        if (!problems.some((p) => p.field === item.field)) problems.push(item);
      }
      if (problems.length > 0) throw new HttpError(422, problems);
      const input = request.body;
      if (!(await captcha.verify(input.recaptcha, request.ip))) {
        throw new HttpError(422, [ACCOUNT_ERRORS.recaptcha]);
      }

      const email = input.email.trim();
      const { hits, retryAfter } = await hit(db, throttleKey('feedback', email), 3600);
      if (hits > FEEDBACKS_PER_HOUR) {
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(429, [FEEDBACK_THROTTLED]);
      }

      const userId = await currentUserId(request, db, config);
      // Only the fields of the topic's form are kept (a url sent with a general comment is noise).
      const rule = FEEDBACK_TOPIC_RULES[input.feedbackTopicId];
      const takesUrl = rule.required.includes('url');
      const url = takesUrl && input.url ? normalizeFeedbackUrl(input.url) : null;
      const subject = optional(input.subject);
      const message = optional(input.message);
      const { rows } = await db.query<{ id: number; username: string | null }>(
        `INSERT INTO feedbacks (topic_id, email, url, subject, message, user_id)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, (SELECT username FROM users WHERE id = $6) AS username`,
        [input.feedbackTopicId, email, url, subject, message, userId],
      );
      const row = rows[0] as { id: number; username: string | null };
      const data: FeedbackMailData = {
        id: row.id,
        topic: rule.name,
        email,
        url: url ?? undefined,
        subject: subject ?? undefined,
        message: message ?? undefined,
        username: row.username ?? undefined,
      };
      try {
        await outbox.enqueue({
          to: config.contactEmail,
          template: FEEDBACK_TEMPLATE,
          data: data as unknown as Record<string, unknown>,
        });
      } catch (error) {
        // The message is stored: the sender is told it arrived; the operator finds it in the table.
        request.log.error({ err: error, feedbackId: row.id }, 'contact mail failed');
      }
      request.log.info({ feedbackId: row.id, topic: input.feedbackTopicId }, 'contact message');
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ feedback: { id: row.id } });
    },
  });
}
