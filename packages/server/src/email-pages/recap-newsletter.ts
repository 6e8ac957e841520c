/**
 * The team recap newsletter (spec 2 §3 "Newsletter signup", spec 3 §3 "Subscriber"): a scheduled job
 * mails each subscriber the top stories of their team, and each member with the recap on the top
 * stories of their first followed teams, daily or weekly. At most one recap per recipient and period,
 * even with several server processes: a round first takes the job's lease in `job_leases` (one runner
 * at a time), then claims every due recipient with one INSERT … ON CONFLICT DO NOTHING into
 * `newsletter_sends` (primary key recipient + period), and mails only the rows it claimed. A claim is
 * made before the mail is written, so a crash between the two loses that period's recap rather than
 * sending it twice.
 * @module
 */
import type { Outbox } from '../content/members/outbox.js';
import type { Database, Queryable } from '../db/database.js';
import { warmStatements } from '../db/warm-statements.js';
import type { Mailer } from '../mail/mailer.js';
import { startPeriodicJob } from '../periodic-job.js';
import {
  MEMBER_RECAP_TEMPLATE,
  type RecapStory,
  renderBulkMail,
  SUBSCRIBER_RECAP_TEMPLATE,
} from './bulk-mail-templates.js';
import { issueEmailLink, issueSubscriberLink } from './email-preferences.js';

/** Stories per team in a recap. */
export const RECAP_STORIES_PER_TEAM = 5;
/** A member's recap covers this many of the followed teams (the first ones, in the member's order). */
export const RECAP_MEMBER_TEAMS = 3;
/** How often the server looks for due recaps. */
export const RECAP_INTERVAL_MS = 15 * 60 * 1000;
const JOB = 'recap_newsletter';
const LEASE_MS = 10 * 60 * 1000;

/** The period a recap belongs to: the UTC day, or the UTC week starting on Monday. */
export function recapPeriod(frequency: 'daily' | 'weekly', now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (frequency === 'daily') return `d:${day.toISOString().slice(0, 10)}`;
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return `w:${monday.toISOString().slice(0, 10)}`;
}

/**
 * Takes a job's lease for `ms` unless another owner holds a live one; true when taken.
 * @example
 * if (await takeJobLease(db, 'recap_newsletter', 'web-1', 60_000, new Date())) { ... }
 */
export async function takeJobLease(
  db: Queryable,
  name: string,
  owner: string,
  ms: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_leases (name, owner, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE job_leases.expires_at <= $4 OR job_leases.owner = EXCLUDED.owner
     RETURNING owner`,
    [name, owner, new Date(now.getTime() + ms), now],
  );
  return rows.length > 0;
}

/** Gives a job's lease back (only the owner's). */
export async function releaseJobLease(db: Queryable, name: string, owner: string): Promise<void> {
  await db.query('DELETE FROM job_leases WHERE name = $1 AND owner = $2', [name, owner]);
}

/**
 * The top stories of teams: among each team's 50 newest lead articles, those of the period first, then
 * the stories carried by the most sources (the cluster's own count, as the home page's top stories rank
 * them), then the newest. Cold, at 1M articles, the 50 article rows per team are most of its time.
 * @example
 * const stories = await recapStories(db, [9, 12], new Date(Date.now() - 86_400_000));
 */
export async function recapStories(db: Queryable, teamIds: number[], since: Date): Promise<RecapStory[]> {
  if (teamIds.length === 0) return [];
  const { rows } = await db.query<{ title: string; url: string; source: string }>(
    `SELECT title, url, source FROM (
       SELECT DISTINCT ON (a.id) a.id, a.title, a.url, s.title AS source, a.published_at,
         (a.published_at >= $2) AS fresh, COALESCE(c.sources_count, 1) AS grouped
       FROM unnest($1::int[]) AS t(team_id)
       CROSS JOIN LATERAL (
         SELECT at.article_id FROM article_teams at
         WHERE at.team_id = t.team_id AND at.kind = 'article' AND at.is_lead
         ORDER BY at.published_at DESC LIMIT 50) AS recent
       JOIN articles a ON a.id = recent.article_id
       JOIN sources s ON s.id = a.source_id
       LEFT JOIN clusters c ON c.id = a.cluster_id) AS candidates
     ORDER BY fresh DESC, grouped DESC, published_at DESC, id DESC
     LIMIT $3`,
    [teamIds, since, RECAP_STORIES_PER_TEAM * teamIds.length],
  );
  return rows;
}

/** What a round did. */
export interface RecapRound {
  /** False when another runner held the lease. */
  ran: boolean;
  /** Recaps mailed. */
  sent: number;
}

/**
 * One round of the recap job: takes the lease, claims every due recipient for its current period and
 * mails them.
 * @example
 * await runRecapRound(db, mailer, { owner: 'web-1', now: new Date() });
 */
export async function runRecapRound(
  db: Database,
  outbox: Outbox,
  options: { owner: string; now: Date },
): Promise<RecapRound> {
  const { owner, now } = options;
  if (!(await takeJobLease(db, JOB, owner, LEASE_MS, now))) return { ran: false, sent: 0 };
  try {
    return { ran: true, sent: await mailClaims(db, outbox, await claim(db, now, null), now) };
  } finally {
    await releaseJobLease(db, JOB, owner);
  }
}

/**
 * Plans the round's statements ahead on PGlite (see `db/warm-statements.ts`), so its first round does
 * not stall the server's thread with them (cold, they held it 5-22 ms each, 80 ms in all, at 63 s after
 * start on the 10,000-article benchmark database): the lease, the claim and one subscriber's and one
 * member's recap, stored through `mailer`'s own statements, all rolled back. Mails nobody, claims nothing.
 * The recaps are of any due recipient, claimed or not: after a restart later in a period, the claim
 * finds nobody left to claim, and the next period's round would otherwise store its first recaps cold.
 * @example
 * await warmRecapRound(db, mailerFor(db, config));
 */
export function warmRecapRound(db: Database, mailer: Mailer, now = new Date()): Promise<void> {
  return warmStatements(db, async (tx) => {
    const outbox = mailer.storingIn(tx);
    await takeJobLease(tx, JOB, 'warm-up', LEASE_MS, now);
    // One recipient of each kind is enough to run each statement.
    await claim(tx, now, 1);
    const { rows: sample } = await tx.query<Claim>(dueRecipientsSql, [...periodsOf(now), 1]);
    await mailClaims(tx, outbox, sample, now);
    await outbox.prune();
    await releaseJobLease(tx, JOB, 'warm-up');
  });
}

/** A recipient (`s:<subscriber id>` or `u:<member id>`) and the period of the recap. */
interface Claim {
  recipient: string;
  period: string;
}

/** The periods of `now`: $1 daily, $2 weekly. */
const periodsOf = (now: Date) => [recapPeriod('daily', now), recapPeriod('weekly', now)];

/** Every recipient due a recap and its period ($1 daily, $2 weekly), at most $3 of each kind (null: all). */
const dueRecipientsSql = `(SELECT 's:' || s.id AS recipient, CASE s.frequency WHEN 'daily' THEN $1 ELSE $2 END AS period
      FROM subscribers s
      WHERE s.subscribed AND NOT s.unsubscribe_all AND NOT s.bounced AND NOT s.complained
        AND s.user_id IS NULL AND s.team_id IS NOT NULL
      LIMIT $3)
     UNION ALL
     (SELECT 'u:' || u.id, CASE u.email_newsletter_recap_frequency WHEN 'daily' THEN $1 ELSE $2 END FROM users u
      WHERE u.email_newsletter_recap AND NOT u.email_unsubscribe_all
        AND EXISTS (SELECT 1 FROM following_teams f WHERE f.user_id = u.id)
      LIMIT $3)`;

/** Claims the due recipients not claimed yet for their period (at most `limit` of each kind; null: all). */
async function claim(db: Queryable, now: Date, limit: number | null): Promise<Claim[]> {
  const { rows } = await db.query<Claim>(
    `INSERT INTO newsletter_sends (recipient, period)
     ${dueRecipientsSql}
     ON CONFLICT DO NOTHING
     RETURNING recipient, period`,
    [...periodsOf(now), limit],
  );
  return rows;
}

/** Mails each claimed recipient the recap of its period; answers how many were mailed. */
async function mailClaims(db: Queryable, outbox: Outbox, claims: Claim[], now: Date): Promise<number> {
  let sent = 0;
  for (const { recipient, period } of claims) {
    const frequency = period.startsWith('d:') ? 'daily' : 'weekly';
    const since = new Date(now.getTime() - (frequency === 'daily' ? 1 : 7) * 86_400_000);
    const id = Number(recipient.slice(2));
    if (recipient.startsWith('s:')) {
      sent += await mailSubscriber(db, outbox, id, frequency, since);
    } else {
      sent += await mailMember(db, outbox, id, frequency, since);
    }
  }
  return sent;
}

async function mailSubscriber(
  db: Queryable,
  outbox: Outbox,
  id: number,
  frequency: 'daily' | 'weekly',
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ email: string; team_id: number; team: string }>(
    `SELECT s.email, s.team_id, t.full_name AS team FROM subscribers s JOIN teams t ON t.id = s.team_id
     WHERE s.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return 0;
  // A token is only mailed, never stored: each recap carries a new one (older mails' links keep working).
  const token = await issueSubscriberLink(db, id);
  await outbox.enqueue({
    to: row.email,
    template: SUBSCRIBER_RECAP_TEMPLATE,
    data: { token, team: row.team, frequency, stories: await recapStories(db, [Number(row.team_id)], since) },
  });
  return 1;
}

async function mailMember(
  db: Queryable,
  outbox: Outbox,
  id: number,
  frequency: 'daily' | 'weekly',
  since: Date,
): Promise<number> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
  const email = rows[0]?.email;
  if (!email) return 0;
  const { rows: teams } = await db.query<{ team_id: number }>(
    'SELECT team_id FROM following_teams WHERE user_id = $1 ORDER BY position, id LIMIT $2',
    [id, RECAP_MEMBER_TEAMS],
  );
  const token = await issueEmailLink(db, { userId: id, email });
  await outbox.enqueue({
    to: email,
    template: MEMBER_RECAP_TEMPLATE,
    data: {
      token,
      frequency,
      stories: await recapStories(
        db,
        teams.map((t) => Number(t.team_id)),
        since,
      ),
    },
  });
  return 1;
}

/**
 * The member's recap as the next mail would show it (the preview page of `meta.recapPreview`), read
 * only: no claim, no token issued (the links carry the hash the page was opened with).
 * @example
 * const html = await memberRecapPreview(db, 7, hash, 'https://sportspyder.com', new Date());
 */
export async function memberRecapPreview(
  db: Queryable,
  userId: number,
  hash: string,
  origin: string,
  now: Date,
): Promise<string | null> {
  const { rows } = await db.query<{ email: string; frequency: 'daily' | 'weekly' }>(
    'SELECT email, email_newsletter_recap_frequency AS frequency FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  const { rows: teams } = await db.query<{ team_id: number }>(
    'SELECT team_id FROM following_teams WHERE user_id = $1 ORDER BY position, id LIMIT $2',
    [userId, RECAP_MEMBER_TEAMS],
  );
  const since = new Date(now.getTime() - (row.frequency === 'daily' ? 1 : 7) * 86_400_000);
  const stories = await recapStories(
    db,
    teams.map((t) => Number(t.team_id)),
    since,
  );
  const mail = renderBulkMail(
    {
      to: row.email,
      template: MEMBER_RECAP_TEMPLATE,
      data: { token: hash, frequency: row.frequency, stories },
    },
    origin,
  );
  return mail?.html ?? null;
}

/**
 * Runs the recap job every {@link RECAP_INTERVAL_MS} (first round after a minute); answers a stop
 * function.
 */
export function startRecapNewsletter(
  db: Database,
  outbox: Outbox,
  options: { owner: string; log?: { error: (obj: unknown, msg: string) => void } },
): () => Promise<void> {
  return startPeriodicJob(() => runRecapRound(db, outbox, { owner: options.owner, now: new Date() }), {
    firstMs: 60_000,
    intervalMs: RECAP_INTERVAL_MS,
    onError: (error) => options.log?.error({ err: error }, 'recap newsletter round failed'),
  });
}
