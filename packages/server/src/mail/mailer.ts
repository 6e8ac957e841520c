/**
 * Mail delivery through nodemailer behind the member routes' `Outbox` interface. Every mail is
 * rendered (HTML and plain text), built into an RFC 5322 message by nodemailer and written to the
 * `mail_outbox` table. Without SMTP_URL that table is the delivery: the row is marked sent at once and
 * `/dev/mail` shows it outside production. With SMTP_URL, rows are claimed (several processes may run),
 * sent over SMTP with nodemailer, and emptied of their bodies once sent; failures are retried up to
 * five times. Writing first and sending after the answer keeps a request's time independent of the
 * mail server (the reset form answers the same for known and unknown addresses).
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Outbox, OutgoingMail } from '../content/members/outbox.js';
import type { Database, Queryable } from '../db/database.js';
import { renderMail } from './templates.js';

/** Options of {@link Mailer}. */
export interface MailerOptions {
  /** Where the outbox lives. */
  db: Database;
  /** The public origin every link is built on. */
  publicOrigin: string;
  /** The From header. */
  from: string;
  /** SMTP server URL; unset keeps mails in the database outbox. */
  smtpUrl?: string | undefined;
  /** Logger for delivery failures. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'> | undefined;
}

/** A row of the outbox as `/dev/mail` and tests read it. */
export interface StoredMail {
  id: number;
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  raw: string;
  createdAt: string;
  sentAt: string | null;
}

const MAX_ATTEMPTS = 5;
/** Days a delivered mail (or an outbox mail in development) is kept. */
export const OUTBOX_KEEP_DAYS = 30;
// Old rows go every this many mails, so no job is needed to keep the table small.
const PRUNE_EVERY = 100;
const RETRY_MS = 60_000;

/** Renders, stores and (with SMTP) delivers mails. */
export class Mailer implements Outbox {
  private readonly builder: Transporter;
  private readonly smtp: Transporter | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private enqueued = 0;

  /** Creates the mailer; with SMTP it also retries pending mails every minute. */
  constructor(private readonly options: MailerOptions) {
    // nodemailer builds the MIME message (multipart/alternative, encodings, headers) without sending it.
    this.builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    this.smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
    if (this.smtp) {
      this.timer = setInterval(() => this.deliverSoon(), RETRY_MS);
      this.timer.unref();
    }
  }

  /** True when mails go out over SMTP (else they stay in the database outbox). */
  get usesSmtp(): boolean {
    return this.smtp !== undefined;
  }

  /** Renders and stores the mail; with SMTP, delivery starts after the caller continues. */
  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.store(this.options.db, mail);
    if (++this.enqueued % PRUNE_EVERY === 1) await this.prune();
    if (this.smtp) this.deliverSoon();
  }

  /** Deletes delivered mails older than {@link OUTBOX_KEEP_DAYS} (pending ones stay). */
  async prune(): Promise<void> {
    await this.pruneIn(this.options.db);
  }

  /**
   * An outbox that renders and stores through `q` (a transaction), and neither prunes on its own nor
   * delivers: for a job's warm-up, whose transaction is rolled back. Its statements are this mailer's
   * own texts, so PGlite keeps them prepared for the real mails (`db/warm-statements.ts`).
   * @example
   * await warmStatements(db, (tx) => runRound(tx, mailer.storingIn(tx)));
   */
  storingIn(q: Queryable): Outbox & { prune(): Promise<void> } {
    return { enqueue: (mail) => this.store(q, mail), prune: () => this.pruneIn(q) };
  }

  private async store(q: Queryable, mail: OutgoingMail): Promise<void> {
    const rendered = renderMail(mail, this.options.publicOrigin);
    const built = (await this.builder.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      ...(rendered.headers ? { headers: rendered.headers } : {}),
    })) as { message: Buffer };
    await q.query(
      `INSERT INTO mail_outbox (template, to_address, subject, html, text_body, raw, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, ${this.smtp ? 'NULL' : 'now()'})`,
      [
        mail.template,
        mail.to,
        rendered.subject,
        rendered.html,
        rendered.text,
        built.message.toString('utf8'),
      ],
    );
  }

  private async pruneIn(q: Queryable): Promise<void> {
    await q.query(
      `DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND created_at < now() - make_interval(days => $1::int)`,
      [OUTBOX_KEEP_DAYS],
    );
  }

  /** Starts a delivery round unless one runs (then one more round follows it). */
  deliverSoon(): void {
    if (!this.smtp || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while ((await this.deliverPending()) > 0 && !this.closed) {}
        } catch (error) {
          this.options.log?.error({ err: error }, 'mail delivery round failed');
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Waits for the delivery round under way, if any (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Claims up to 20 pending mails and sends them over SMTP; answers how many were claimed. */
  async deliverPending(): Promise<number> {
    const smtp = this.smtp;
    if (!smtp) return 0;
    const { rows } = await this.options.db.query<{ id: number | string; to_address: string; raw: string }>(
      `UPDATE mail_outbox SET attempts = attempts + 1, claimed_until = now() + interval '2 minutes'
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address, raw`,
    );
    for (const row of rows) {
      try {
        await smtp.sendMail({
          envelope: { from: envelopeAddress(this.options.from), to: [row.to_address] },
          raw: row.raw,
        });
        await this.options.db.query(
          `UPDATE mail_outbox SET sent_at = now(), claimed_until = NULL, last_error = NULL,
             html = '', text_body = '', raw = '' WHERE id = $1`,
          [row.id],
        );
      } catch (error) {
        this.options.log?.warn({ err: error, mailId: Number(row.id) }, 'mail delivery failed');
        await this.options.db.query(
          `UPDATE mail_outbox SET claimed_until = now() + interval '1 minute', last_error = $2 WHERE id = $1`,
          [row.id, String((error as Error).message ?? error).slice(0, 500)],
        );
      }
    }
    return rows.length;
  }

  /** Stops retrying and closes the SMTP connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    this.smtp?.close();
  }
}

/** The bare address of a From header (`Name <a@b>` → `a@b`). */
export function envelopeAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * Reads the newest mails of the outbox (for `/dev/mail` and tests), optionally for one address.
 *
 * @example
 * ```ts
 * const [latest] = await readOutbox(db, { to: 'fan@example.com', limit: 1 });
 * ```
 */
export async function readOutbox(
  db: Database,
  options: { to?: string; limit?: number; id?: number } = {},
): Promise<StoredMail[]> {
  const { rows } = await db.query<{
    id: number | string;
    template: string;
    to_address: string;
    subject: string;
    html: string;
    text_body: string;
    raw: string;
    created_at: Date | string;
    sent_at: Date | string | null;
  }>(
    `SELECT * FROM mail_outbox
     WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) AND ($2::bigint IS NULL OR id = $2)
     ORDER BY id DESC LIMIT $3`,
    [options.to ?? null, options.id ?? null, options.limit ?? 50],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    template: row.template,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    raw: row.raw,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  }));
}

const mailers = new WeakMap<object, Mailer>();

/**
 * The app's mailer: one per configuration object (so the account and newsletter routes share it and
 * its SMTP connection), built on first use.
 */
export function mailerFor(
  db: Database,
  config: { publicOrigin: string; mailFrom: string; smtpUrl: string | undefined },
  log?: MailerOptions['log'],
): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = new Mailer({
      db,
      publicOrigin: config.publicOrigin,
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      log,
    });
    mailers.set(config, mailer);
  }
  return mailer;
}
