/**
 * `/dev/mail` (outside production only): the database outbox as a page, newest first, each mail with
 * its recipient, subject, plain-text part (links clickable) and a link to its HTML part at
 * `/dev/mail/:id`, so a developer can follow a verification or reset link without a mail server.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { isLoopbackRequest } from '../http/loopback.js';
import { readOutbox, type StoredMail } from './mailer.js';
import { escapeHtml } from './templates.js';

/** Turns the URLs of escaped text into links. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function mailItem(mail: StoredMail): string {
  const when = new Date(mail.createdAt).toLocaleString('en-US', { timeZone: 'UTC' });
  return `<li class="mail">
  <h2><a href="/dev/mail/${mail.id}">${escapeHtml(mail.subject)}</a></h2>
  <p class="meta">To <span class="to">${escapeHtml(mail.to)}</span> · ${escapeHtml(when)} UTC · ${escapeHtml(mail.template)}${mail.sentAt === null ? ' · pending SMTP delivery' : ''}</p>
  <pre>${linkify(escapeHtml(mail.text || '(body cleared after SMTP delivery)'))}</pre>
  <p><a href="/dev/mail/${mail.id}">View the HTML part</a></p>
</li>`;
}

/** The page listing the outbox. */
export function devMailPage(mails: StoredMail[]): string {
  const items =
    mails.length === 0 ? '<p>No mail yet.</p>' : `<ol class="mails">${mails.map(mailItem).join('\n')}</ol>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · SportSpyder development mail</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px;color:#1a1a1a">
<main>
<h1>Outbox</h1>
<p>Mails the server would have sent (no <code>SMTP_URL</code> is set). Newest first; this page does not exist in production.</p>
${items}
</main></body></html>`;
}

/**
 * Registers `/dev/mail` and `/dev/mail/:id` (the app does so outside production only). They answer
 * requests from this machine only (`http/loopback.ts`): the outbox holds reset and verification links,
 * and a development server may be reachable from a network. Others get the 404 of a missing page.
 */
export async function devMailRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackRequest(request)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Not found');
    }
  });
  app.get('/dev/mail', async (_request, reply) => {
    const mails = await readOutbox(db, { limit: 50 });
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(devMailPage(mails));
  });
  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const [mail] = Number.isSafeInteger(id) && id > 0 ? await readOutbox(db, { id, limit: 1 }) : [];
    if (!mail) return reply.code(404).type('text/plain; charset=utf-8').send('No such mail');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(mail.html);
  });
}
