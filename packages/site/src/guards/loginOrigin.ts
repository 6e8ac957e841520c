/**
 * Remembers where a visitor was going when the site sent them to sign in (spec 1 §2.2), so that after
 * signing in they land there again. The origin lives in the history entry's state and in
 * sessionStorage: signing in reloads the page, and the tab's storage survives that reload for sure.
 * @module
 */

/** sessionStorage key of the remembered origin. */
export const LOGIN_ORIGIN_KEY = 'sportspyder:login-origin';

/** Location state carried to /login and /join. */
export interface LoginOriginState {
  /** The path (with query and hash) the visitor was trying to reach. */
  from?: string;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes); the state copy still works.
    return null;
  }
}

/** Only same-site paths are followed back: never an absolute or protocol-relative URL. */
function isSafePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}

/** Stores `path` as the origin to return to after signing in. */
export function rememberLoginOrigin(path: string): void {
  if (!isSafePath(path) || path.startsWith('/login') || path.startsWith('/join')) return;
  storage()?.setItem(LOGIN_ORIGIN_KEY, path);
}

/** Returns the origin to go back to: the location state's first, else the stored one, else `/`. */
export function readLoginOrigin(state: unknown): string {
  const fromState = (state as LoginOriginState | null)?.from;
  if (isSafePath(fromState)) return fromState;
  const stored = storage()?.getItem(LOGIN_ORIGIN_KEY);
  return isSafePath(stored) ? stored : '/';
}

/** Forgets the stored origin once it has been used. */
export function clearLoginOrigin(): void {
  storage()?.removeItem(LOGIN_ORIGIN_KEY);
}
