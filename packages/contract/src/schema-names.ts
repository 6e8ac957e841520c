/**
 * OpenAPI component names of the contract's schemas: every exported object or union schema is
 * named after its export, so the OpenAPI document references it (`#/components/schemas/Name`)
 * instead of inlining it at each use.
 * @module
 */
import { KindGuard, type TSchema } from '@sinclair/typebox';
import * as account from './account.js';
import * as adminModeration from './admin-moderation.js';
import * as adminSource from './admin-source.js';
import * as alerts from './alerts.js';
import * as article from './article.js';
import * as billing from './billing.js';
import * as cable from './cable.js';
import * as chat from './chat.js';
import * as common from './common.js';
import * as email from './email.js';
import * as errors from './errors.js';
import * as fantasy from './fantasy.js';
import * as feed from './feed.js';
import * as feedback from './feedback.js';
import * as game from './game.js';
import * as lists from './lists.js';
import * as notification from './notification.js';
import * as pagination from './pagination.js';
import * as player from './player.js';
import * as podcast from './podcast.js';
import * as post from './post.js';
import * as responses from './responses.js';
import * as search from './search.js';
import * as session from './session.js';
import * as source from './source.js';
import * as spoilerShield from './spoiler-shield.js';
import * as sport from './sport.js';
import * as team from './team.js';
import * as topic from './topic.js';
import * as user from './user.js';
import * as views from './views.js';

// Modules whose schemas become components. Path-parameter objects are left out on purpose:
// the document spreads them into `parameters` instead of referencing them.
const modules: Record<string, unknown>[] = [
  errors,
  pagination,
  session,
  user,
  sport,
  team,
  topic,
  views,
  common,
  source,
  article,
  podcast,
  game,
  post,
  player,
  feed,
  fantasy,
  chat,
  notification,
  search,
  account,
  adminSource,
  adminModeration,
  email,
  feedback,
  billing,
  cable,
  lists,
  responses,
  alerts,
  spoilerShield,
];

// `Login` is the same schema as `SignInBody`; query objects are spread into `parameters` too.
const skipped = new Set(['IdParams', 'SlugParams', 'HashParams', 'Login']);

function isNamedSchema(value: unknown): value is TSchema {
  return KindGuard.IsObject(value) || (KindGuard.IsUnion(value) && !KindGuard.IsNull(value.anyOf[1]));
}

/**
 * Returns the component name of each named schema, keyed by the schema object itself. When one
 * schema is exported under two names the alphabetically first wins.
 *
 * @example
 * ```ts
 * schemaNames().get(Team); // 'Team'
 * ```
 */
export function schemaNames(): Map<TSchema, string> {
  const entries: [string, TSchema][] = [];
  for (const mod of modules) {
    for (const [name, value] of Object.entries(mod)) {
      if (skipped.has(name) || name.endsWith('Query') || !/^[A-Z]/.test(name)) continue;
      if (!isNamedSchema(value)) continue;
      entries.push([name, value]);
    }
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const names = new Map<TSchema, string>();
  for (const [name, schema] of entries) if (!names.has(schema)) names.set(schema, name);
  return names;
}
