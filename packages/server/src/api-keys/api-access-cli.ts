/**
 * `npm run cli -- users api <email|username> on|off`: gives or takes a member's `api` flag, the
 * operator's answer to an "API Access" contact message (topic 7). In development the PRO demo account
 * has the flag from its seed; this command gives it to any other account.
 * @module
 */
import { CliUsageError, type TextSink } from '../cli/cli-output.js';
import type { Database } from '../db/database.js';
import { setApiAccess } from './api-key-store.js';

/** The help lines of the command. */
export const API_ACCESS_HELP = `  users api <email|username> on|off
      Give a member API access (the API settings page and keys) or take it away (their keys stop working).
`;

/**
 * Runs `users api`; answers the exit code (2 for wrong usage or an unknown member).
 * @example
 * await usersApi(['pro@sportspyder.test', 'on'], { db, stdout: process.stdout });
 */
export async function usersApi(rest: string[], options: { db: Database; stdout: TextSink }): Promise<number> {
  const [who, state] = rest;
  if (!who || (state !== 'on' && state !== 'off')) {
    throw new CliUsageError('users api needs an e-mail or username, then on or off');
  }
  if (!(await setApiAccess(options.db, who, state === 'on'))) {
    throw new CliUsageError(`No member with the e-mail or username "${who}"`);
  }
  options.stdout.write(`API access ${state === 'on' ? 'given to' : 'taken from'} ${who}\n`);
  return 0;
}
