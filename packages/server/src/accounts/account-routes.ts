/**
 * Accounts (issue 13, spec 3 §2 "Account screens", §4, §5, §7 "Accounts and e-mail"): sign-up with
 * the captcha and the 7-day PRO trial, the on-blur field checks, forgotten passwords (the same answer
 * for known and unknown addresses; the link works once, for 60 minutes), e-mail verification, and the
 * password change. A reset or a change ends every session of the account (the change keeps the
 * member signed in on a fresh session).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, routes, type UserSignup } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword } from '../auth/passwords.js';
import { createSession, deleteSession } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import type { Outbox } from '../content/members/outbox.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { readSessionToken, setSessionCookie } from '../http/cookies.js';
import { HttpError, validationItems } from '../http/errors.js';
import { sessionUser } from '../listening/session-listening.js';
import { mailerFor } from '../mail/mailer.js';
import { PASSWORD_RESET_TEMPLATE, RESET_LINK_MINUTES } from '../mail/templates.js';
import { sessionFor } from '../routes/session.js';
import {
  consumeToken,
  expireTokens,
  findToken,
  issueToken,
  rotateReusableTokens,
  tokenDigest,
} from './account-tokens.js';
import { ACCOUNT_ERRORS, accountFieldProblems } from './account-validation.js';
import { type CaptchaVerifier, captchaFor } from './captcha.js';
import { requireCurrentPassword } from './current-password.js';
import { hit, networkOf, throttleKey } from './throttle.js';
import { sendVerificationMail } from './verification-mail.js';

/** Days of the PRO trial every new account starts (spec 3 §4 "PRO state"). */
export const TRIAL_DAYS = 7;
export { VERIFY_LINK_DAYS } from './verification-mail.js';
/** Reset mails sent to one address per hour; more requests answer the same and send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

/** The spec's text of a used, expired or unknown reset link (spec 3 §8). */
export const RESET_LINK_EXPIRED: ApiErrorItem = {
  code: 'expired',
  title: 'This password reset link has already been used and has expired.',
};
/** The spec's text of an invalid verification code (spec 3 §8). */
export const VERIFICATION_INVALID: ApiErrorItem = {
  code: 'invalid',
  title:
    'This verification code is invalid. Please click on the link directly from the email or copy the full url provided. Thanks!',
};
export { CURRENT_PASSWORD_WRONG } from './current-password.js';

/** The spec's text of a used, expired or unknown undo link of an e-mail change. */
export const UNDO_LINK_INVALID: ApiErrorItem = {
  code: 'invalid',
  title: 'This link is not valid any more. Sign in and change your address in your settings.',
};

/** The 429 of too many address checks (one address, or one network). */
export const VALIDATIONS_THROTTLED: ApiErrorItem = {
  code: 'rate_limited',
  title: 'Too many checks. Please try again later.',
};

/** The window of the per-address and per-network limits of the address check, in seconds. */
export const VALIDATION_WINDOW_S = 15 * 60;

/** Options of {@link accountRoutes}. */
export interface AccountRoutesOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration. */
  config: ServerConfig;
  /** Where mails go (default: the app's mailer: SMTP or the database outbox). */
  outbox?: Outbox | undefined;
  /** The captcha (default: reCAPTCHA v3 with RECAPTCHA_SECRET, else the local verifier). */
  captcha?: CaptchaVerifier | undefined;
}

/** True for PostgreSQL's unique violation (two writers racing for one address or name). */
export const isUniqueViolation = (error: unknown): error is { code: string; constraint?: string } =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Registers the account routes.
 *
 * @example
 * ```ts
 * await api.register(accountRoutes, { db, config });
 * ```
 */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const outbox = opts.outbox ?? mailerFor(db, config, app.log);
  const captcha = opts.captcha ?? captchaFor(config);
  if (config.production && !config.smtpUrl && !opts.outbox) {
    app.log.warn('SMTP_URL is not set: mails stay in the database outbox and are not delivered');
  }
  // Strict per-client-address limits on the calls that cost a hash or send a mail.
  const strict = { rateLimit: { max: config.signInRateLimitMax, timeWindow: 60_000 } };
  const onBlur = { rateLimit: { max: Math.max(30, config.signInRateLimitMax * 3), timeWindow: 60_000 } };

  // Work done after the answer (so its time cannot tell whether an address has an account).
  const pending = new Set<Promise<void>>();
  const later = (request: FastifyRequest, what: string, work: () => Promise<void>) => {
    const job: Promise<void> = work()
      .catch((error) => request.log.error({ err: error }, what))
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  app.addHook('onClose', async () => {
    await Promise.all([...pending]);
    const closable = outbox as Outbox & { close?: () => Promise<void> };
    if (!opts.outbox) await closable.close?.();
  });

  const validate = routes.createUserValidation;
  api.route({
    method: validate.method,
    url: validate.url,
    schema: { body: validate.body, response: validate.response },
    config: onBlur,
    handler: async (request, reply) => {
      // "Taken" tells whether an address has an account (spec 3 §5 wants it on blur): like sign-in,
      // limited per address and per network, so the check cannot list members.
      if (request.body.email !== undefined) await throttleAddressCheck(request, reply, request.body.email);
      const problems = await accountFieldProblems(db, request.body);
      if (problems.length > 0) throw new HttpError(422, problems);
      return { userValidation: { valid: true as const } };
    },
  });

  const create = routes.createUser;
  api.route({
    method: create.method,
    url: create.url,
    // The handler runs on invalid bodies too, so every field gets the account texts (one list).
    schema: { body: create.body, response: create.response },
    attachValidation: true,
    config: strict,
    handler: async (request, reply) => {
      const problems = await accountFieldProblems(db, request.body, { all: true });
      const body = request.body as Partial<UserSignup> | undefined;
      const token = typeof body?.recaptcha === 'string' ? body.recaptcha : '';
      if (problems.length > 0) throw new HttpError(422, problems);
      if (request.validationError) {
        const items = validationItems(
          (request.validationError as { validation?: [] }).validation ?? [],
          'body',
        );
        throw new HttpError(422, items.length > 0 ? items : [{ code: 'invalid', title: 'Invalid' }]);
      }
      const input = request.body;
      if (!(await captcha.verify(token, request.ip))) throw new HttpError(422, [ACCOUNT_ERRORS.recaptcha]);

      const email = input.email.trim();
      const username = input.username.trim();
      const passwordHash = await hashPassword(input.password);
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO users (email, username, password_hash, pro_state, pro_expires_at, password_changed_at)
             VALUES ($1, $2, $3, 'trial', now() + make_interval(days => $4::int), now()) RETURNING id`,
            [email, username, passwordHash, TRIAL_DAYS],
          );
          const id = (rows[0] as { id: number }).id;
          const teamIds = (input.followingTeams ?? []).map((team) => team.id);
          if (teamIds.length > 0) {
            await tx.query(
              `INSERT INTO following_teams (user_id, team_id, position)
               SELECT $1, t.id, o.ord - 1 FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord)
               JOIN teams t ON t.id = o.id
               ON CONFLICT (user_id, team_id) DO NOTHING`,
              [id, teamIds],
            );
          }
          if (input.subscriberId) {
            // /join/:id: the newsletter subscriber becomes this member's (spec 3 §2 "convert").
            await tx.query(
              `UPDATE subscribers SET converted = true, user_id = $1 WHERE hash_digest = $2 AND user_id IS NULL`,
              [id, tokenDigest(input.subscriberId)],
            );
          }
          return id;
        });
      } catch (error) {
        // Two sign-ups with one address or name at once: the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        const again = await accountFieldProblems(db, { email, username });
        throw new HttpError(422, again.length > 0 ? again : [ACCOUNT_ERRORS.emailTaken]);
      }

      await deleteSession(db, readSessionToken(request, config), request.server.sessionMemo);
      const session = await createSession(db, userId, config.sessionDays);
      setSessionCookie(reply, session, config);
      reply.header('cache-control', 'no-store');
      request.log.info({ userId }, 'signed up');
      later(request, 'verification mail failed', () =>
        sendVerificationMail(db, outbox, { userId, email, username }),
      );
      const user = await sessionUser(db, userId);
      return reply.code(201).send({ session: sessionFor(user, config) });
    },
  });

  const lost = routes.createLostPassword;
  api.route({
    method: lost.method,
    url: lost.url,
    schema: { body: lost.body, response: lost.response },
    config: strict,
    handler: async (request, reply) => {
      const email = request.body.email.trim();
      // The answer is the same for every address; the lookup and the mail happen after it.
      later(request, 'password reset mail failed', async () => {
        const { hits } = await hit(db, throttleKey('reset-mail', email), 3600);
        if (hits > RESET_MAILS_PER_HOUR) return;
        // Only to a verified address: an unverified one may be a typo or someone else's mailbox, and a
        // reset link is the account.
        const { rows } = await db.query<{ id: number; email: string }>(
          'SELECT id, email FROM users WHERE lower(email) = lower($1) AND email_verified_at IS NOT NULL',
          [email],
        );
        const user = rows[0];
        if (!user) return;
        const token = await issueToken(db, {
          userId: user.id,
          email: user.email,
          purpose: 'password_reset',
          minutes: RESET_LINK_MINUTES,
        });
        await outbox.enqueue({ to: user.email, template: PASSWORD_RESET_TEMPLATE, data: { token } });
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ lostPassword: { id: '', expired: false } });
    },
  });

  const readLost = routes.getLostPassword;
  api.route({
    method: readLost.method,
    url: readLost.url,
    schema: { params: readLost.params, response: readLost.response },
    config: strict,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await findToken(db, request.params.id, 'password_reset');
      if (!row) throw new HttpError(404, [RESET_LINK_EXPIRED]);
      return { lostPassword: { id: request.params.id, expired: row.used || row.expired } };
    },
  });

  const reset = routes.updateLostPassword;
  api.route({
    method: reset.method,
    url: reset.url,
    schema: { params: reset.params, body: reset.body, response: reset.response },
    config: strict,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const owner = await consumeToken(db, request.params.id, 'password_reset');
      if (!owner) {
        const known = await findToken(db, request.params.id, 'password_reset');
        throw new HttpError(known ? 422 : 404, [RESET_LINK_EXPIRED]);
      }
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        // The link proves the mailbox, so an address it went to (still the account's) is verified.
        await tx.query(
          `UPDATE users SET password_hash = $2, password_changed_at = now(),
             email_verified_at = CASE WHEN lower(email) = lower($3) THEN coalesce(email_verified_at, now())
                                      ELSE email_verified_at END
           WHERE id = $1`,
          [owner.userId, passwordHash, owner.email],
        );
        await expireTokens(tx, owner.userId, 'password_reset');
        await rotateReusableTokens(tx, owner.userId);
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [owner.userId]);
      });
      request.server.sessionMemo.ended(owner.userId);
      request.log.info({ userId: owner.userId }, 'password reset');
      return { lostPassword: { id: request.params.id, expired: true } };
    },
  });

  const verify = routes.updateVerification;
  api.route({
    method: verify.method,
    url: verify.url,
    schema: { params: verify.params, response: verify.response },
    config: strict,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await findToken(db, request.params.id, 'email_verification');
      if (!row || row.expired) throw new HttpError(404, [VERIFICATION_INVALID]);
      // Verified is a state, so opening the link again still succeeds; a link to an address the
      // account no longer has verifies nothing.
      const { rows } = await db.query(
        `UPDATE users SET email_verified_at = coalesce(email_verified_at, now())
         WHERE id = $1 AND lower(email) = lower($2) RETURNING id`,
        [row.userId, row.email],
      );
      if (rows.length === 0) throw new HttpError(404, [VERIFICATION_INVALID]);
      if (!row.used) await consumeToken(db, request.params.id, 'email_verification');
      return { verification: { id: request.params.id } };
    },
  });

  const undo = routes.undoEmailChange;
  api.route({
    method: undo.method,
    url: undo.url,
    schema: { params: undo.params, response: undo.response },
    config: strict,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const restored = await db.transaction(async (tx) => {
        const owner = await consumeToken(tx, request.params.id, 'email_change_undo');
        if (!owner) return null;
        const { rows } = await tx.query<{ id: number }>(
          'SELECT id FROM users WHERE lower(email) = lower($1) AND id <> $2',
          [owner.email, owner.userId],
        );
        if (rows.length > 0) return { taken: true as const, ...owner };
        // The link proves the old mailbox: it comes back verified. Whoever changed it is signed out,
        // and every link of the other address stops working.
        await tx.query('UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1', [
          owner.userId,
          owner.email,
        ]);
        await expireTokens(tx, owner.userId, 'password_reset');
        await expireTokens(tx, owner.userId, 'email_verification');
        await rotateReusableTokens(tx, owner.userId);
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [owner.userId]);
        return { taken: false as const, ...owner };
      });
      if (!restored) throw new HttpError(404, [UNDO_LINK_INVALID]);
      // Another account took the old address meanwhile (the link is used up either way).
      if (restored.taken) throw new HttpError(422, [ACCOUNT_ERRORS.emailTaken]);
      request.server.sessionMemo.ended(restored.userId);
      request.log.info({ userId: restored.userId }, 'e-mail change undone');
      return { emailChange: { email: restored.email } };
    },
  });

  /** The per-address and per-network limits of the address check (429 with Retry-After). */
  async function throttleAddressCheck(request: FastifyRequest, reply: FastifyReply, email: string) {
    const limits = [
      { key: throttleKey('address-check', email), max: config.signInAccountMax },
      { key: throttleKey('address-check-network', networkOf(request.ip)), max: config.signInRateLimitMax },
    ];
    for (const { key, max } of limits) {
      const { hits, retryAfter } = await hit(db, key, VALIDATION_WINDOW_S);
      if (hits > max) {
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(429, [VALIDATIONS_THROTTLED]);
      }
    }
  }

  const change = routes.updatePassword;
  api.route({
    method: change.method,
    url: change.url,
    schema: { body: change.body, response: change.response },
    config: strict,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      await requireCurrentPassword(db, reply, userId, request.body.currentPassword, config.signInAccountMax);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
          userId,
          passwordHash,
        ]);
        await expireTokens(tx, userId, 'password_reset');
        await rotateReusableTokens(tx, userId);
        // Every session ends, this one too: the member continues on a fresh one (rotation).
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
      });
      request.server.sessionMemo.ended(userId);
      const session = await createSession(db, userId, config.sessionDays);
      setSessionCookie(reply, session, config);
      reply.header('cache-control', 'no-store');
      request.log.info({ userId }, 'password changed');
      const user = await sessionUser(db, userId);
      return { session: sessionFor(user, config) };
    },
  });
}
