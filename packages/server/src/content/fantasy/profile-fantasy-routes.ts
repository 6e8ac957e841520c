/**
 * The member's fantasy teams under `api/v1/profile/fantasy_teams` (spec 3 "Fantasy" §2, §4, §5, §7):
 * list, create (`fantasyTeams[0]` is the new team), read, rename, delete, and add or remove roster
 * players. Members only (401 for a visitor); another member's team answers 404, exactly as a
 * missing one. A player of another sport or a second copy of a player is refused with a 422 naming
 * `playerId`. The team name is required (422 naming `name`).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, type FantasyTeam, routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { listMeta } from '../../routes/list-meta.js';
import { requireMember } from '../members/require-member.js';
import {
  deleteFantasyTeam,
  deleteRosterEntry,
  duplicatePlayerError,
  FANTASY_ERRORS,
  findOwnedTeam,
  findPlayer,
  insertFantasyTeam,
  insertRosterEntry,
  isPositionOfSport,
  memberFantasyTeamIds,
  type OwnedTeam,
  renameFantasyTeam,
  wrongSportError,
} from './fantasy-team-store.js';
import { loadFantasyTeams } from './load-fantasy-team.js';

/** Options of {@link profileFantasyRoutes}. */
export interface ProfileFantasyRouteOptions {
  /** The database. */
  db: Database;
  /** The app's configuration (the session cookie's name). */
  config: Pick<ServerConfig, 'production'>;
  /** The clock of the teams' `count` (articles of the last day); defaults to the system time. */
  now?: () => Date;
}

const SPORTS = new Set([1, 2, 3, 4]);
const NAME_MAX = 60;

/**
 * The spec's field errors of a create or rename body, in form order: the name (required, at most 60
 * characters) and, on create, the sport (1 MLB, 2 NFL, 3 NBA, 4 NHL).
 *
 * @example
 * ```ts
 * fantasyTeamBodyProblems({ name: '  ', sportId: 2 }, { sport: true }); // [FANTASY_ERRORS.nameBlank]
 * ```
 */
export function fantasyTeamBodyProblems(body: unknown, need: { sport: boolean }): ApiErrorItem[] {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: ApiErrorItem[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '') problems.push(FANTASY_ERRORS.nameBlank);
  else if (name.length > NAME_MAX) problems.push(FANTASY_ERRORS.nameTooLong);
  if (need.sport && !SPORTS.has(input.sportId as number)) problems.push(FANTASY_ERRORS.sport);
  return problems;
}

/**
 * Throws the 422 of a body the schema refused: the spec's texts first, else the app's error handler
 * renders the validation error as for any route.
 */
function refuseBody(request: FastifyRequest, need: { sport: boolean }): void {
  const problems = fantasyTeamBodyProblems(request.body, need);
  if (problems.length > 0) throw new HttpError(422, problems);
  if (request.validationError) throw request.validationError;
}

/** A refused path parameter is answered as on every other route, before anything is looked up. */
function refuseParams(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (error && error.validationContext !== 'body') throw error;
}

const notFound = (): never => {
  throw new HttpError(404, NOT_FOUND.errors);
};

/**
 * Registers the member's fantasy team routes.
 *
 * @example
 * ```ts
 * await api.register(profileFantasyRoutes, { db, config });
 * ```
 */
export async function profileFantasyRoutes(
  app: FastifyInstance,
  opts: ProfileFantasyRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const now = opts.now ?? (() => new Date());
  // Writes are cheap but each one empties the public page cache: a generous per-member pace.
  const writeLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };

  const loadOne = async (id: number): Promise<FantasyTeam> => {
    const [team] = await loadFantasyTeams(db, [id], now());
    return team ?? notFound();
  };
  const ownedTeam = async (request: FastifyRequest, id: number): Promise<OwnedTeam & { userId: number }> => {
    const userId = await requireMember(request, db, config);
    const team = (await findOwnedTeam(db, userId, id)) ?? notFound();
    return { ...team, userId };
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  const list = routes.listProfileFantasyTeams;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const fantasyTeams = await loadFantasyTeams(db, await memberFantasyTeamIds(db, userId), now());
      noStore(reply);
      return { fantasyTeams, meta: listMeta(fantasyTeams.length) };
    },
  });

  const create = routes.createFantasyTeam;
  api.route({
    method: create.method,
    url: create.url,
    // The handler runs on invalid bodies too, so a blank name gets the spec's field error.
    schema: { body: create.body, response: create.response },
    attachValidation: true,
    config: writeLimit,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      refuseBody(request, { sport: true });
      const id = await insertFantasyTeam(db, userId, {
        name: request.body.name.trim(),
        sportId: request.body.sportId,
      });
      if (id === null) throw new HttpError(422, [FANTASY_ERRORS.tooManyTeams]);
      request.log.info({ userId, fantasyTeamId: id }, 'fantasy team created');
      return reply.code(201).send({ fantasyTeams: [await loadOne(id)] });
    },
  });

  const read = routes.getProfileFantasyTeam;
  api.route({
    method: read.method,
    url: read.url,
    schema: { params: read.params, response: read.response },
    handler: async (request, reply) => {
      const team = await ownedTeam(request, request.params.id);
      noStore(reply);
      return { fantasyTeam: await loadOne(team.id) };
    },
  });

  const update = routes.updateFantasyTeam;
  api.route({
    method: update.method,
    url: update.url,
    schema: { params: update.params, body: update.body, response: update.response },
    attachValidation: true,
    config: writeLimit,
    handler: async (request) => {
      refuseParams(request);
      // A missing team is a 404 whatever the body says; then the body's problems.
      const team = await ownedTeam(request, request.params.id);
      refuseBody(request, { sport: false });
      if (!(await renameFantasyTeam(db, team.userId, team.id, request.body.name.trim()))) notFound();
      return { fantasyTeam: await loadOne(team.id) };
    },
  });

  const remove = routes.deleteFantasyTeam;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { params: remove.params, response: remove.response },
    config: writeLimit,
    handler: async (request) => {
      const team = await ownedTeam(request, request.params.id);
      // Answered as it was just before it went (the page names it in the toast).
      const fantasyTeam = await loadOne(team.id);
      if (!(await deleteFantasyTeam(db, team.userId, team.id))) notFound();
      return { fantasyTeam };
    },
  });

  const addPlayer = routes.createRosterEntry;
  api.route({
    method: addPlayer.method,
    url: addPlayer.url,
    schema: { params: addPlayer.params, body: addPlayer.body, response: addPlayer.response },
    config: writeLimit,
    handler: async (request, reply) => {
      const team = await ownedTeam(request, request.params.fantasyTeamId);
      const { playerId } = request.body;
      const positionId = request.body.positionId ?? null;
      const player = await findPlayer(db, playerId);
      if (!player) throw new HttpError(422, [FANTASY_ERRORS.playerMissing]);
      if (player.sportId !== team.sportId) {
        throw new HttpError(422, [wrongSportError(player.name, player.sport, team.sport)]);
      }
      if (positionId !== null && !(await isPositionOfSport(db, positionId, team.sportId))) {
        throw new HttpError(422, [FANTASY_ERRORS.positionInvalid]);
      }
      const added = await insertRosterEntry(db, { teamId: team.id, playerId, positionId });
      if (added.state === 'duplicate') throw new HttpError(422, [duplicatePlayerError(player.name)]);
      if (added.state === 'full') throw new HttpError(422, [FANTASY_ERRORS.rosterFull]);
      const roster = (await loadOne(team.id)).rosters.find((entry) => entry.id === added.id) ?? notFound();
      return reply.code(201).send({ roster });
    },
  });

  const removePlayer = routes.deleteRosterEntry;
  api.route({
    method: removePlayer.method,
    url: removePlayer.url,
    schema: { params: removePlayer.params, response: removePlayer.response },
    config: writeLimit,
    handler: async (request) => {
      const team = await ownedTeam(request, request.params.fantasyTeamId);
      const roster =
        (await loadOne(team.id)).rosters.find((entry) => entry.id === request.params.id) ?? notFound();
      if (!(await deleteRosterEntry(db, team.id, roster.id))) notFound();
      return { roster };
    },
  });
}
