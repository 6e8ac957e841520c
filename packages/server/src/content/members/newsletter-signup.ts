/**
 * The team recap newsletter signup (spec 2 §3 "Newsletter signup", §5): `POST api/v1/subscribers`
 * with an e-mail and a team. Errors are 422s on the field `email` with the spec's codes (blank,
 * invalid, has_account, taken, unsubscribed). The subscriber's link token is 128 random bits that
 * only the welcome mail carries; the table keeps its sha256 (`hash_digest`), and no answer ever
 * holds either.
 *
 * Abuse: anyone can make the server mail any address, so the call sits behind the global per-IP
 * limiter and mails only the first signup of an address (a repeat answers `taken`). A captcha or a
 * tighter per-address limit belongs with real mail delivery (the mail issue).
 * @module
 */
import { createHash } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { newToken } from '../../auth/sessions.js';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import type { Outbox } from './outbox.js';

/** The signup's error items by code (titles are the spec's messages). */
export const NEWSLETTER_ERRORS = {
  blank: { code: 'blank', field: 'email', title: 'Please enter an email address' },
  invalid: { code: 'invalid', field: 'email', title: 'Please enter a valid email address' },
  has_account: { code: 'has_account', field: 'email', title: 'You already have a SportSpyder account' },
  taken: { code: 'taken', field: 'email', title: "You're already subscribed" },
  unsubscribed: {
    code: 'unsubscribed',
    field: 'email',
    title: 'This email address has already unsubscribed',
  },
  team: { code: 'invalid', field: 'teamId', title: 'Please choose a team' },
} as const satisfies Record<string, ApiErrorItem>;

/** The welcome mail's template name (the mail issue renders and sends it). */
export const NEWSLETTER_WELCOME_TEMPLATE = 'newsletter_welcome';

// Deliberately simple: one @, something before it, a dotted domain after, no spaces. The real
// check is the welcome mail arriving.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** True for something that looks like an e-mail address. */
export function looksLikeEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Signs an address up; answers the new subscriber, or throws the 422 of the first problem.
 *
 * @example
 * ```ts
 * const subscriber = await signUpForNewsletter(db, outbox, { email: 'fan@example.com', teamId: 7 });
 * ```
 */
export async function signUpForNewsletter(
  db: Database,
  outbox: Outbox,
  input: { email: string; teamId: number },
): Promise<{ id: number; email: string; frequency: 'weekly' | 'daily' }> {
  const email = input.email.trim().toLowerCase();
  if (email === '') throw new HttpError(422, [NEWSLETTER_ERRORS.blank]);
  if (!looksLikeEmail(email)) throw new HttpError(422, [NEWSLETTER_ERRORS.invalid]);

  const team = await db.query<{ id: number; full_name: string }>(
    'SELECT id, full_name FROM teams WHERE id = $1',
    [input.teamId],
  );
  const teamRow = team.rows[0];
  if (!teamRow) throw new HttpError(422, [NEWSLETTER_ERRORS.team]);

  const account = await db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
  if (account.rows.length > 0) throw new HttpError(422, [NEWSLETTER_ERRORS.has_account]);

  const existing = await db.query<{ subscribed: boolean; unsubscribe_all: boolean }>(
    'SELECT subscribed, unsubscribe_all FROM subscribers WHERE lower(email) = $1',
    [email],
  );
  const previous = existing.rows[0];
  if (previous) {
    const left = !previous.subscribed || previous.unsubscribe_all;
    throw new HttpError(422, [left ? NEWSLETTER_ERRORS.unsubscribed : NEWSLETTER_ERRORS.taken]);
  }

  const token = newToken();
  let inserted: { id: number; email: string; frequency: 'weekly' | 'daily' } | undefined;
  try {
    const { rows } = await db.query<{ id: number; email: string; frequency: 'weekly' | 'daily' }>(
      `INSERT INTO subscribers (email, team_id, hash_digest) VALUES ($1, $2, $3)
       RETURNING id, email, frequency`,
      [email, teamRow.id, sha256(token)],
    );
    inserted = rows[0];
  } catch (error) {
    // Two signups of one address at once: the second loses the unique index race.
    if (isUniqueViolation(error)) throw new HttpError(422, [NEWSLETTER_ERRORS.taken]);
    throw error;
  }
  if (!inserted) throw new Error('subscriber insert returned no row');
  await outbox.enqueue({
    to: email,
    template: NEWSLETTER_WELCOME_TEMPLATE,
    data: { subscriberId: Number(inserted.id), token, team: { id: teamRow.id, name: teamRow.full_name } },
  });
  return { id: Number(inserted.id), email: inserted.email, frequency: inserted.frequency };
}

/** Registers the newsletter signup route. */
export async function newsletterSignupRoutes(
  app: FastifyInstance,
  opts: { db: Database; outbox: Outbox },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, outbox } = opts;
  const create = routes.createSubscriber;
  api.route({
    method: create.method,
    url: create.url,
    schema: { body: create.body, response: create.response },
    handler: async (request, reply) => {
      const subscriber = await signUpForNewsletter(db, outbox, request.body);
      return reply.code(201).send({ subscriber });
    },
  });
}
