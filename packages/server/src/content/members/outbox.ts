/**
 * Where the member and account routes leave e-mails to send. The app's default is the mailer of
 * `src/mail/mailer.ts` (nodemailer: SMTP with SMTP_URL, else the database outbox shown at /dev/mail);
 * the in-memory outbox here is what unit tests hand in to read the queued mails.
 * @module
 */

/** One e-mail to send: a template name and its data (rendering and delivery are the mailer's job). */
export interface OutgoingMail {
  /** Recipient address. */
  to: string;
  /** Template, e.g. `newsletter_welcome`. */
  template: string;
  /** Template data; may carry secrets such as a link token, so never log it. */
  data: Record<string, unknown>;
}

/** Accepts mails for later delivery. */
export interface Outbox {
  /** Queues a mail; resolves once it is recorded (not delivered). */
  enqueue(mail: OutgoingMail): Promise<void>;
}

/**
 * The in-process outbox: keeps the most recent mails (bounded, so a flood of signups cannot grow
 * memory) for tests and development.
 *
 * @example
 * ```ts
 * const outbox = new MemoryOutbox();
 * await outbox.enqueue({ to: 'fan@example.com', template: 'newsletter_welcome', data: {} });
 * outbox.mails.length; // 1
 * ```
 */
export class MemoryOutbox implements Outbox {
  /** The queued mails, oldest first. */
  readonly mails: OutgoingMail[] = [];

  /** Creates the outbox keeping at most `limit` mails. */
  constructor(private readonly limit = 100) {}

  /** Records the mail, dropping the oldest beyond the limit. */
  async enqueue(mail: OutgoingMail): Promise<void> {
    this.mails.push(mail);
    if (this.mails.length > this.limit) this.mails.splice(0, this.mails.length - this.limit);
  }
}
