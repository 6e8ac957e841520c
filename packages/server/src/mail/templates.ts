/**
 * The mails the server sends, each with an HTML and a plain-text part. Every link is built on the
 * configured public origin (config.publicOrigin), never on a request's Host or X-Forwarded-Host, so a
 * forged header cannot point a reset link at someone else's site.
 * @module
 */
import type { OutgoingMail } from '../content/members/outbox.js';
import { renderBulkMail } from '../email-pages/bulk-mail-templates.js';
import { FEEDBACK_TEMPLATE, renderFeedbackMail } from '../feedback/feedback-mail.js';

/** A rendered mail. */
export interface RenderedMail {
  /** Subject line. */
  subject: string;
  /** The HTML part. */
  html: string;
  /** The plain-text part. */
  text: string;
  /** Extra headers (bulk mail: List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Template of the verification mail (data: username, token). */
export const VERIFY_EMAIL_TEMPLATE = 'verify_email';
/** Template of the password reset mail (data: token). */
export const PASSWORD_RESET_TEMPLATE = 'password_reset';
/** Template of the notice to the old address after an e-mail change (data: token, newEmail, days). */
export const EMAIL_CHANGED_TEMPLATE = 'email_changed';
/** Template of the newsletter welcome mail (data: token, team.name). */
export const NEWSLETTER_WELCOME = 'newsletter_welcome';

/** Minutes a password reset link works. */
export const RESET_LINK_MINUTES = 60;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** A link on the public origin; the token is URL-encoded (it is base64url, so this changes nothing today). */
export function publicLink(origin: string, path: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${path}/${encodeURIComponent(token)}`;
}

function layout(title: string, paragraphs: string[], action: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>
<p style="margin:24px 0 0;font-size:12px;color:#555555">SportSpyder</p>
</body></html>`;
}

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/**
 * Renders a queued mail.
 *
 * @example
 * ```ts
 * renderMail({ to: 'fan@example.com', template: 'password_reset', data: { token } }, 'https://sportspyder.com');
 * ```
 */
export function renderMail(mail: OutgoingMail, origin: string): RenderedMail {
  const token = str(mail.data.token);
  switch (mail.template) {
    case VERIFY_EMAIL_TEMPLATE: {
      const href = publicLink(origin, '/verify', token);
      const name = str(mail.data.username, 'there');
      const subject = 'Verify your email address';
      return {
        subject,
        html: layout(
          subject,
          [
            `Hi ${escapeHtml(name)},`,
            'Welcome to SportSpyder! Please confirm that this is your email address.',
          ],
          { label: 'Verify email', href },
        ),
        text: `Hi ${name},\n\nWelcome to SportSpyder! Please confirm that this is your email address by opening this link:\n\n${href}\n\nSportSpyder\n`,
      };
    }
    case PASSWORD_RESET_TEMPLATE: {
      const href = publicLink(origin, '/reset', token);
      const subject = 'Reset your SportSpyder password';
      const note = `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`;
      return {
        subject,
        html: layout(
          subject,
          ['Someone (hopefully you) asked to reset the password of this account.', note],
          {
            label: 'Choose a new password',
            href,
          },
        ),
        text: `Someone (hopefully you) asked to reset the password of this account. Choose a new password here:\n\n${href}\n\n${note}\n\nSportSpyder\n`,
      };
    }
    case EMAIL_CHANGED_TEMPLATE: {
      const href = publicLink(origin, '/email/change/undo', token);
      const newEmail = str(mail.data.newEmail, 'another address');
      const days = typeof mail.data.days === 'number' ? mail.data.days : 7;
      const subject = 'The email address of your SportSpyder account was changed';
      const note = `If you did not make this change, undo it within ${days} days: your address comes back and every signed-in session ends. Then choose a new password.`;
      return {
        subject,
        html: layout(
          subject,
          [`The email address of your account was changed to ${escapeHtml(newEmail)}.`, escapeHtml(note)],
          { label: 'Undo this change', href },
        ),
        text: `The email address of your account was changed to ${newEmail}.\n\n${note}\n\n${href}\n\nSportSpyder\n`,
      };
    }
    case NEWSLETTER_WELCOME: {
      const href = publicLink(origin, '/email/subscriber/preferences', token);
      const team = str((mail.data.team as { name?: unknown } | undefined)?.name, 'your team');
      const subject = `You're subscribed to the ${team} recap`;
      return {
        subject,
        html: layout(
          subject,
          [`Thanks for subscribing! The ${escapeHtml(team)} recap will arrive every week.`],
          { label: 'Manage your subscription', href },
        ),
        text: `Thanks for subscribing! The ${team} recap will arrive every week.\n\nManage your subscription: ${href}\n\nSportSpyder\n`,
      };
    }
    case FEEDBACK_TEMPLATE:
      return renderFeedbackMail(mail);
    default: {
      // The recap newsletter and notification mails live with the e-mail pages they link to.
      const bulk = renderBulkMail(mail, origin);
      if (bulk) return bulk;
      throw new Error(`unknown mail template "${mail.template}"`);
    }
  }
}
