/**
 * The mail a contact form message becomes: sent to the configured contact address (CONTACT_EMAIL)
 * with the sender's address as Reply-To, so answering it from a mail client reaches the sender. Every
 * value the sender typed is escaped in the HTML part; header values cannot carry line breaks (the
 * e-mail is checked by the schema, the subject line is flattened here).
 * @module
 */
import type { OutgoingMail } from '../content/members/outbox.js';
import { escapeHtml, type RenderedMail } from '../mail/templates.js';

/** Template of the contact form mail (data: see {@link FeedbackMailData}). */
export const FEEDBACK_TEMPLATE = 'feedback';

/** What the contact mail shows. */
export interface FeedbackMailData {
  /** The stored message's id. */
  id: number;
  /** The topic's name (spec 3 §9). */
  topic: string;
  /** The sender's address (Reply-To). */
  email: string;
  url?: string | undefined;
  subject?: string | undefined;
  message?: string | undefined;
  /** The sender's username when signed in. */
  username?: string | undefined;
}

const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * Renders the contact mail.
 *
 * @example
 * ```ts
 * renderFeedbackMail({ to: 'contact@example.com', template: 'feedback', data: { id: 1, topic: 'API Access', email: 'dev@example.com', subject: 'Keys', message: 'Hi' } });
 * ```
 */
export function renderFeedbackMail(mail: OutgoingMail): RenderedMail {
  const data = mail.data as unknown as FeedbackMailData;
  const subjectPart = data.subject ? `: ${oneLine(data.subject).slice(0, 150)}` : '';
  const subject = `[SportSpyder contact] ${data.topic}${subjectPart}`;
  const rows: [string, string][] = [
    ['Topic', data.topic],
    ['From', data.username ? `${data.email} (member ${data.username})` : data.email],
  ];
  if (data.url) rows.push(['Url', data.url]);
  if (data.subject) rows.push(['Subject', data.subject]);
  const message = data.message ?? '';
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:640px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">Contact form message #${data.id}</h1>
<table style="border-collapse:collapse;margin:0 0 16px">${htmlRows}</table>
${message ? `<div style="white-space:pre-wrap;border-left:3px solid #0b5cad;padding:0 0 0 12px">${escapeHtml(message)}</div>` : ''}
<p style="margin:24px 0 0;font-size:12px;color:#555555">Reply to this email to answer the sender.</p>
</body></html>`;
  const text = `Contact form message #${data.id}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}${
    message ? `\n\n${message}` : ''
  }\n\nReply to this email to answer the sender.\n`;
  return { subject, html, text, headers: { 'Reply-To': oneLine(data.email) } };
}
