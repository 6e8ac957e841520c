/**
 * Summary read route: `teams/:teamId/summary_sections`, the team's story pills with their summaries
 * and linked articles; rebuilt on read when missing or older than {@link SUMMARY_STALE_MINUTES}.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type SummarySection } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { listMeta } from '../../routes/list-meta.js';
import { loadArticles } from '../articles/load-articles.js';
import { resolveTeamId } from '../players/paging.js';
import { toId } from '../players/refs.js';
import type { ContentRouteOptions } from '../players/route-options.js';
import {
  refreshSummarySections,
  type StoredSummary,
  SUMMARY_STALE_MINUTES,
} from './refresh-summary-sections.js';

interface SectionRow {
  id: number;
  label: string;
  summaries: unknown;
  generated_at: Date | string;
}

/** Reads the stored sections of a team, in position order. */
async function readSections(db: Queryable, teamId: number): Promise<SectionRow[]> {
  const { rows } = await db.query<SectionRow>(
    'SELECT id, label, summaries, generated_at FROM summary_sections WHERE team_id = $1 ORDER BY position, id',
    [teamId],
  );
  return rows;
}

/** The stored summaries of a row (jsonb, maybe handed over as text), defensively typed. */
function storedSummaries(value: unknown): StoredSummary[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((s: Partial<StoredSummary>) =>
    typeof s?.id === 'number' && typeof s.text === 'string'
      ? [
          {
            id: s.id,
            text: s.text,
            highlights: Array.isArray(s.highlights) ? s.highlights.filter((h) => typeof h === 'string') : [],
            articleIds: Array.isArray(s.articleIds)
              ? s.articleIds.map(Number).filter(Number.isSafeInteger)
              : [],
          },
        ]
      : [],
  );
}

/** Turns stored rows into contract sections, loading every linked article in one batch. */
async function toSections(db: Queryable, rows: SectionRow[]): Promise<SummarySection[]> {
  const parsed = rows.map((row) => ({ row, summaries: storedSummaries(row.summaries) }));
  const articleIds = [...new Set(parsed.flatMap((p) => p.summaries.flatMap((s) => s.articleIds)))];
  const articles = new Map((await loadArticles(db, articleIds)).map((a) => [a.id, a]));
  return parsed.map(({ row, summaries }) => ({
    id: toId(row.id),
    label: row.label,
    summaries: summaries.map((s) => ({
      id: s.id,
      text: s.text,
      highlights: s.highlights,
      // Articles deleted since the summary was built simply drop out.
      articles: s.articleIds.flatMap((id) => articles.get(id) ?? []),
    })),
  }));
}

/**
 * Registers the summary read route.
 *
 * @example
 * ```ts
 * await app.register(contentSummaryRoutes, { db, config });
 * ```
 */
export async function contentSummaryRoutes(app: FastifyInstance, opts: ContentRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  // When a team last got an empty refresh: no rows to carry generated_at, so remember it here
  // rather than recomputing on every read of a quiet team.
  const emptyRefreshAt = new Map<number, number>();
  const staleMs = SUMMARY_STALE_MINUTES * 60_000;

  const list = routes.listTeamSummarySections;
  api.route({
    method: list.method,
    url: list.url,
    schema: { params: list.params, response: list.response },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const at = now();
      let rows = await readSections(db, teamId);
      const generated = rows[0]
        ? new Date(rows[0].generated_at).getTime()
        : (emptyRefreshAt.get(teamId) ?? null);
      if (generated === null || at.getTime() - generated > staleMs) {
        const stored = await refreshSummarySections(db, teamId, at);
        if (stored === 0) emptyRefreshAt.set(teamId, at.getTime());
        else emptyRefreshAt.delete(teamId);
        rows = await readSections(db, teamId);
      }
      const summarySections = await toSections(db, rows);
      return { summarySections, meta: listMeta(summarySections.length) };
    },
  });
}
