// The SMTP path against a real SMTP server on loopback (smtp-server): a sign-up's verification mail
// and a reset mail arrive as multipart/alternative with a plain-text and an HTML part whose links are
// on the public origin; a server that refuses is retried and the row keeps its body until delivered.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import {
  buildAccountApp,
  freshAccount,
  PUBLIC_ORIGIN,
  signUp,
} from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { Mailer, readOutbox } from '../mailer.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let testDb: TestDatabase;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let refuse = false;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await testDb?.dispose();
});

/** Decodes a quoted-printable body (soft line breaks and =XX). */
function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The parts of a multipart message by content type, decoded. */
function partsOf(raw: string): Map<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error('not multipart');
  const parts = new Map<string, string>();
  for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...body] = chunk.split(/\r?\n\r?\n/);
    const type = /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? '';
    const text = body.join('\n\n');
    parts.set(type, /quoted-printable/i.test(head) ? decodeQuotedPrintable(text) : text);
  }
  return parts;
}

describe('SMTP delivery (SMTP_URL set)', () => {
  let app: SportSpyderApp;
  beforeAll(async () => {
    app = await buildAccountApp(testDb.db, {
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      mailFrom: 'SportSpyder <hello@sportspyder.test>',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('delivers the verification mail with a plain-text and an HTML part, links on the public origin', async () => {
    const account = freshAccount('smtp');
    expect((await signUp(app, new CookieJar(), account)).statusCode).toBe(201);
    const message = await vi.waitFor(
      () => {
        const found = received.find((m) => m.to.includes(account.email));
        if (!found) throw new Error('not delivered yet');
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(message.from).toBe('hello@sportspyder.test');
    expect(message.data).toMatch(/^Subject: Verify your email address/m);
    expect(message.data).toMatch(/Content-Type: multipart\/alternative/i);
    const parts = partsOf(message.data);
    expect(parts.get('text/plain')).toMatch(new RegExp(`${PUBLIC_ORIGIN}/verify/[A-Za-z0-9_-]{22}`));
    expect(parts.get('text/html')).toMatch(new RegExp(`href="${PUBLIC_ORIGIN}/verify/[A-Za-z0-9_-]{22}"`));

    // Once sent, the outbox row no longer carries the link.
    const [row] = await vi.waitFor(async () => {
      const rows = await readOutbox(testDb.db, { to: account.email });
      if (!rows[0]?.sentAt) throw new Error('not marked sent yet');
      return rows;
    });
    expect(row?.text).toBe('');
    expect(row?.raw).toBe('');
  });
});

describe('SMTP failures', () => {
  it('keeps a refused mail pending with its error, and delivers it on the next round', async () => {
    const mailer = new Mailer({
      db: testDb.db,
      publicOrigin: PUBLIC_ORIGIN,
      from: 'SportSpyder <hello@sportspyder.test>',
      smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    });
    const to = freshAccount('retry').email;
    try {
      refuse = true;
      await mailer.enqueue({ to, template: 'password_reset', data: { token: 'A'.repeat(22) } });
      await mailer.idle();
      const [pending] = await readOutbox(testDb.db, { to });
      expect(pending?.sentAt).toBeNull();
      expect(pending?.text).toContain(`${PUBLIC_ORIGIN}/reset/`);
      const { rows } = await testDb.db.query<{ last_error: string; attempts: number }>(
        'SELECT last_error, attempts FROM mail_outbox WHERE id = $1',
        [pending?.id],
      );
      expect(rows[0]?.attempts).toBe(1);
      expect(rows[0]?.last_error).toMatch(/mailbox unavailable/);

      refuse = false;
      await testDb.db.query('UPDATE mail_outbox SET claimed_until = NULL WHERE id = $1', [pending?.id]);
      mailer.deliverSoon();
      await mailer.idle();
      expect(received.some((m) => m.to.includes(to))).toBe(true);
      expect((await readOutbox(testDb.db, { to }))[0]?.sentAt).not.toBeNull();
    } finally {
      refuse = false;
      await mailer.close();
    }
  });
});
