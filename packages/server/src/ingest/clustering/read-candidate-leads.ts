/**
 * The stored leads a new article may join: the lead articles and videos of some teams published in a
 * time span, with their story signatures. Read by clustering for a batch's new articles, and by the
 * repair of stories split between workers for a batch's new leads.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { LeadSignatures } from './lead-signatures.js';
import { type StorySignature, storySignature } from './story-signature.js';

/** A stored lead article. */
export interface StoredLead {
  id: number;
  sourceId: number;
  /** Its story, or null for a lead no other article has joined yet. */
  clusterId: number | null;
  publishedAt: Date;
  signature: StorySignature;
}

/**
 * The lead articles and videos tagged with any of `teams` published between `from` and `to`, most
 * recent first, at most `limit`. Signatures come from `leads` when remembered; the others are read and
 * remembered.
 * @example
 * const candidates = await readCandidateLeads(tx, [12, 40], from, to, 5000, leadSignaturesOf(db));
 */
export async function readCandidateLeads(
  tx: Queryable,
  teams: readonly number[],
  from: Date,
  to: Date,
  limit: number,
  leads: LeadSignatures,
): Promise<StoredLead[]> {
  // `id = ANY(ARRAY(...))`, not `id IN (SELECT ...)`: with a batch's many teams the planner turned the
  // IN into a hash join over a sequential scan of articles (a cost growing with the table); the array
  // form is always primary-key lookups of the candidates found through article_teams' index.
  const { rows } = await tx.query<{
    id: number | string;
    sourceId: number | string;
    clusterId: number | string | null;
    publishedAt: Date | string;
  }>(
    `SELECT a.id, a.source_id AS "sourceId", a.cluster_id AS "clusterId", a.published_at AS "publishedAt"
       FROM articles a
      WHERE a.id = ANY(ARRAY(SELECT at.article_id FROM article_teams at
                              WHERE at.team_id = ANY($1::int[]) AND at.kind IN ('article', 'video') AND at.is_lead
                                AND at.published_at BETWEEN $2 AND $3))
      ORDER BY a.published_at DESC
      LIMIT ${Math.max(1, Math.floor(limit))}`,
    [teams, from.toISOString(), to.toISOString()],
  );
  // The headline and tags of the leads not remembered from earlier batches: reading them cost about
  // two thirds of the candidates query (two tag lookups per lead), and their signatures as much again.
  const signatureOf = new Map<number, StorySignature>();
  const unknown: number[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    const signature = leads.get(id);
    if (signature) signatureOf.set(id, signature);
    else unknown.push(id);
  }
  if (unknown.length > 0) {
    const { rows: details } = await tx.query<{
      id: number | string;
      title: string;
      teamIds: (number | string)[] | null;
      playerIds: (number | string)[] | null;
    }>(
      `SELECT a.id, a.title,
              (SELECT array_agg(t2.team_id) FROM article_teams t2 WHERE t2.article_id = a.id) AS "teamIds",
              (SELECT array_agg(p2.player_id) FROM article_players p2 WHERE p2.article_id = a.id) AS "playerIds"
         FROM articles a WHERE a.id = ANY($1::bigint[])`,
      [unknown],
    );
    for (const row of details) {
      const signature = storySignature({
        title: row.title,
        teamIds: (row.teamIds ?? []).map(Number),
        playerIds: (row.playerIds ?? []).map(Number),
      });
      signatureOf.set(Number(row.id), signature);
      leads.remember(Number(row.id), signature);
    }
  }
  const found: StoredLead[] = [];
  for (const row of rows) {
    const signature = signatureOf.get(Number(row.id));
    if (!signature) continue; // deleted between the two reads
    found.push({
      id: Number(row.id),
      sourceId: Number(row.sourceId),
      clusterId: row.clusterId === null ? null : Number(row.clusterId),
      publishedAt: new Date(row.publishedAt),
      signature,
    });
  }
  return found;
}
