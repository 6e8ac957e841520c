/**
 * Spoiler shield routes (issue 49): the member's shields per followed team and the games they revealed.
 * @module
 */

import { errorResponses, type RouteDef } from '../route-def.js';
import {
  SpoilerRevealBody,
  SpoilerRevealResponse,
  SpoilerShields,
  SpoilerShieldsBody,
} from '../spoiler-shield.js';

/** Routes of the spoiler shield. */
export const spoilerShieldRoutes = {
  getSpoilerShields: {
    method: 'GET',
    url: '/api/v1/profile/spoiler_shields',
    tag: 'spoilers',
    summary: "Reads the member's spoiler shields: one entry per followed team (off by default).",
    response: { 200: SpoilerShields, ...errorResponses(401) },
  },
  updateSpoilerShields: {
    method: 'PUT',
    url: '/api/v1/profile/spoiler_shields',
    tag: 'spoilers',
    summary:
      'Turns shields on or off and sets their hide period for the followed teams named (others stay as they are); answers every followed team.',
    body: SpoilerShieldsBody,
    response: { 200: SpoilerShields, ...errorResponses(401, 403, 422) },
  },
  revealSpoiler: {
    method: 'POST',
    url: '/api/v1/profile/spoiler_shields/reveals',
    tag: 'spoilers',
    summary: "Reveals one game's result for the member: the shield no longer hides it.",
    body: SpoilerRevealBody,
    response: { 200: SpoilerRevealResponse, ...errorResponses(401, 403, 404, 422) },
  },
} as const satisfies Record<string, RouteDef>;
