/**
 * The bulk mails (the team recap newsletter and notification mails). Every one carries
 * `List-Unsubscribe` with the unsubscribe page's URL and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058): a mail client POSTs to that URL and the server unsubscribes
 * without the page being opened (see `oneClickUnsubscribeRoutes`). Links are on the public origin.
 * @module
 */
import type { OutgoingMail } from '../content/members/outbox.js';
import { escapeHtml, publicLink, type RenderedMail } from '../mail/templates.js';

/** Template of a subscriber's recap (data: token, team, stories, frequency). */
export const SUBSCRIBER_RECAP_TEMPLATE = 'newsletter_recap_subscriber';
/** Template of a member's recap (data: token, teams' stories, frequency). */
export const MEMBER_RECAP_TEMPLATE = 'newsletter_recap_member';
/** Template of a notification mail (data: token, type, event, title). */
export const NOTIFICATION_TEMPLATE = 'notification';

/** A story of a recap. */
export interface RecapStory {
  title: string;
  url: string;
  source: string;
}

/** The headers of RFC 2369 and RFC 8058 for an unsubscribe URL. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function bulkLayout(title: string, bodyHtml: string, links: { label: string; href: string }[]): string {
  const footer = links
    .map((l) => `<a href="${escapeHtml(l.href)}" style="color:#555555">${escapeHtml(l.label)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:24px 0 0;font-size:12px;color:#555555">SportSpyder · ${footer}</p>
</body></html>`;
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function storiesOf(value: unknown): RecapStory[] {
  return Array.isArray(value) ? (value as RecapStory[]) : [];
}

function recap(
  origin: string,
  title: string,
  stories: RecapStory[],
  links: { unsubscribe: string; preferences: string; frequency: string },
): RenderedMail {
  const items = stories
    .map(
      (s) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a><br><span style="font-size:13px;color:#555555">${escapeHtml(s.source)}</span></li>`,
    )
    .join('\n');
  const body = stories.length
    ? `<ol style="padding-left:20px">${items}</ol>`
    : '<p>No new top stories this time.</p>';
  const footerLinks = [
    { label: 'Unsubscribe', href: links.unsubscribe },
    { label: 'Change frequency', href: links.frequency },
    { label: 'Email preferences', href: links.preferences },
  ];
  const text = `${title}\n\n${stories.map((s, i) => `${i + 1}. ${s.title} (${s.source})\n   ${s.url}`).join('\n') || 'No new top stories this time.'}\n\nUnsubscribe: ${links.unsubscribe}\nChange frequency: ${links.frequency}\nEmail preferences: ${links.preferences}\n\nSportSpyder (${origin})\n`;
  return {
    subject: title,
    html: bulkLayout(title, body, footerLinks),
    text,
    headers: listUnsubscribeHeaders(links.unsubscribe),
  };
}

/**
 * Renders a bulk mail, or answers null for a template that is not one.
 * @example
 * renderBulkMail({ to, template: 'notification', data: { token, type, event, title } }, origin);
 */
export function renderBulkMail(mail: OutgoingMail, origin: string): RenderedMail | null {
  const token = str(mail.data.token);
  const period = mail.data.frequency === 'daily' ? 'daily' : 'weekly';
  switch (mail.template) {
    case SUBSCRIBER_RECAP_TEMPLATE: {
      const team = str(mail.data.team, 'Your team');
      return recap(origin, `${team} ${period} recap`, storiesOf(mail.data.stories), {
        unsubscribe: publicLink(origin, '/email/subscriber/unsubscribe', token),
        frequency: publicLink(origin, '/email/subscriber/frequency', token),
        preferences: publicLink(origin, '/email/subscriber/preferences', token),
      });
    }
    case MEMBER_RECAP_TEMPLATE:
      return recap(origin, `Your ${period} team recap`, storiesOf(mail.data.stories), {
        unsubscribe: publicLink(origin, '/email/newsletter/unsubscribe', token),
        frequency: publicLink(origin, '/email/newsletter/frequency', token),
        preferences: publicLink(origin, '/email/newsletter/preferences', token),
      });
    case NOTIFICATION_TEMPLATE: {
      const type = str(mail.data.type);
      const event = str(mail.data.event, 'You have a new notification');
      const about = str(mail.data.title);
      const unsubscribe = `${publicLink(origin, '/email/notifications/unsubscribe', token)}?type=${encodeURIComponent(type)}`;
      const preferences = publicLink(origin, '/email/notifications/preferences', token);
      const notifications = `${origin.replace(/\/+$/, '')}/notifications`;
      const subject = about ? `${event}: ${about}` : event;
      return {
        subject,
        html: bulkLayout(
          event,
          `${about ? `<p>${escapeHtml(about)}</p>` : ''}<p><a href="${escapeHtml(notifications)}">See your notifications</a></p>`,
          [
            { label: 'Unsubscribe from these emails', href: unsubscribe },
            { label: 'Email preferences', href: preferences },
          ],
        ),
        text: `${event}\n${about ? `\n${about}\n` : ''}\nSee your notifications: ${notifications}\n\nUnsubscribe from these emails: ${unsubscribe}\nEmail preferences: ${preferences}\n\nSportSpyder\n`,
        headers: listUnsubscribeHeaders(unsubscribe),
      };
    }
    default:
      return null;
  }
}
