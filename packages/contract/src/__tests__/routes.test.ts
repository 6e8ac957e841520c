// Structural rules every route of the registry must follow (the server registers them as is).
import { type TSchema, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ErrorList } from '../errors.js';
import { type RouteDef, routes } from '../routes.js';

const entries = Object.entries(routes) as [string, RouteDef][];

function containsKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((v) => containsKey(v, key));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([k, v]) => k === key || containsKey(v, key));
  }
  return false;
}

describe('routes', () => {
  it('keeps the issue-2 operations unchanged', () => {
    expect(routes.getSession).toMatchObject({ method: 'GET', url: '/api/v1/session' });
    expect(routes.signIn).toMatchObject({ method: 'POST', url: '/api/v1/session' });
    expect(routes.signOut).toMatchObject({ method: 'DELETE', url: '/api/v1/session' });
    expect(routes.listSports).toMatchObject({ method: 'GET', url: '/api/v1/sports' });
    expect(routes.getSport).toMatchObject({ method: 'GET', url: '/api/v1/sports/:id' });
    expect(routes.listTeams).toMatchObject({ method: 'GET', url: '/api/v1/teams' });
    expect(routes.listTopics).toMatchObject({ method: 'GET', url: '/api/v1/topics' });
    expect(routes.createUserView).toMatchObject({ method: 'POST', url: '/api/v1/user/views' });
  });

  it('gives every route a unique method and url under /api/v1/', () => {
    const seen = new Set<string>();
    for (const [name, route] of entries) {
      expect(route.url, name).toMatch(/^\/api\/v1\//);
      const key = `${route.method} ${route.url}`;
      expect(seen.has(key), `${name}: ${key} is registered twice`).toBe(false);
      seen.add(key);
    }
  });

  it('declares a `params` property for every `:param` of the url, and no other', () => {
    for (const [name, route] of entries) {
      const inUrl = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const declared = Object.keys(
        (route.params as { properties?: object } | undefined)?.properties ?? {},
      ).sort();
      expect(declared, name).toEqual(inUrl);
    }
  });

  it('lists a 422 for every call that takes a body', () => {
    for (const [name, route] of entries) {
      if (route.body) expect(route.response[422], name).toBe(ErrorList);
    }
  });

  it('answers every error status with the error list and has a success status', () => {
    for (const [name, route] of entries) {
      const statuses = Object.keys(route.response).map(Number);
      expect(
        statuses.some((s) => s >= 200 && s < 300),
        name,
      ).toBe(true);
      for (const status of statuses.filter((s) => s >= 400))
        expect(route.response[status], `${name} ${status}`).toBe(ErrorList);
    }
  });

  it('uses no `$id` in any schema (ajv rejects duplicate ids when schemas nest)', () => {
    for (const [name, route] of entries) {
      const schemas: (TSchema | undefined)[] = [
        route.params,
        route.querystring,
        route.body,
        ...Object.values(route.response),
      ];
      for (const schema of schemas) expect(containsKey(schema, '$id'), name).toBe(false);
    }
    // The check itself can fail:
    expect(containsKey(Type.Object({ a: Type.String({ $id: 'A' }) }), '$id')).toBe(true);
  });

  it('covers the calls of the three spec documents', () => {
    const calls = new Set(entries.map(([, r]) => `${r.method} ${r.url}`));
    for (const call of [
      'GET /api/v1/search/live_results',
      'GET /api/v1/profile/notifications',
      'PUT /api/v1/profile/account',
      'GET /api/v1/top_stories',
      'POST /api/v1/podcast_episodes/:podcastEpisodeId/events',
      'POST /api/v1/articles/:articleId/article_views',
      'GET /api/v1/teams/:teamId/summary_sections',
      'POST /api/v1/profile/source_follows',
      'DELETE /api/v1/profile/hidden_sources/:id',
      'GET /api/v1/messages/:messageId/replies',
      'POST /api/v1/messages/:messageId/flags',
      'POST /api/v1/videos/:articleId/events',
      'PUT /api/v1/email/accounts/:id',
      'POST /api/v1/user_validations',
      'PUT /api/v1/verifications/:id',
      'POST /api/v1/profile/fantasy_teams/:fantasyTeamId/rosters',
      'DELETE /api/v1/profile/fantasy_teams/:fantasyTeamId/rosters/:id',
      'GET /api/v1/search/fantasy_players',
      'POST /api/v1/profile/billing',
      'DELETE /api/v1/profile/api_keys/:id',
    ]) {
      expect(calls.has(call), call).toBe(true);
    }
  });
});
