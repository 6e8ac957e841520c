/**
 * The e-mail and notification jobs of a server process: the team recap newsletter (a lease and a claim
 * per recipient and period keep it to one mail per period across processes) and the notification
 * dispatcher, which pushes new unread counts and mails pending notifications every few seconds
 * (notifications written by the ingest worker or another process are picked up here).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { SportSpyderApp } from '../app.js';
import { mailerFor } from '../mail/mailer.js';
import { startNotificationEvents } from '../notifications/notification-events.js';
import { dispatchNotifications } from '../notifications/notifications.js';
import { startRecapNewsletter } from './recap-newsletter.js';

/** How often pending notifications are pushed and mailed. */
export const DISPATCH_INTERVAL_MS = 5_000;

/**
 * Starts the jobs; answers their stop function. Takes the app, or the same parts outside one (the
 * `npm run worker` process has a database, a configuration, a logger and a broadcaster, but no app).
 * @example
 * const stop = startEmailJobs(app); ... await stop();
 */
export function startEmailJobs(
  app: Pick<SportSpyderApp, 'db' | 'config' | 'log' | 'broadcaster'>,
): () => Promise<void> {
  const mailer = mailerFor(app.db, app.config, app.log);
  const owner = `server-${process.pid}-${randomUUID().slice(0, 8)}`;
  const stopRecap = startRecapNewsletter(app.db, mailer, { owner, log: app.log });
  // Popular episodes and recommendations (new articles of followed sources are made on ingest).
  const stopEvents = startNotificationEvents(app.db, { owner, log: app.log });
  let dispatching: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (dispatching) return;
    dispatching = dispatchNotifications(app.db, app.broadcaster, mailer)
      .catch((error) => app.log.error({ err: error }, 'notification dispatch failed'))
      .finally(() => {
        dispatching = undefined;
      });
  }, DISPATCH_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await dispatching;
    await stopRecap();
    await stopEvents();
  };
}
