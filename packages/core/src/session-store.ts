/**
 * The session (spec 1 §4.1): signed in or out with a loading flag; sign in (username, password,
 * device hash, then a page reload); sign out (not optimistic: the state changes only after the
 * server answered, then a refetch and the "Signed out successfully" toast); and, on the first
 * read, the merge of the server's listening data into the device's player memory.
 * @module
 */
import type { Session, SessionResponse, SignInBody, User } from '@sportspyder/contract';
import { SIGNED_OUT_TOAST } from './constants.js';
import { mergeListeningData, readPlayerMemory, writePlayerMemory } from './player-memory.js';
import type { StorageAdapter } from './storage.js';
import { createValueStore, type Observable } from './store.js';
import type { ToastStore } from './toast-store.js';
import type { Transport } from './transport.js';

/** The API path of the session resource. */
export const SESSION_PATH = 'api/v1/session';

/** What the shell knows about the session. */
export interface SessionSnapshot {
  /** True until the first read settled. */
  readonly loading: boolean;
  /** True when a member is signed in. */
  readonly loggedIn: boolean;
  /** The session as last read, or null before the first read. */
  readonly session: Session | null;
  /** The signed-in member, or null. */
  readonly user: User | null;
  /** The error of the last failed read, if any. */
  readonly error?: unknown;
}

/** Sign-in input: the username is the member's e-mail. */
export interface SignInInput {
  /** The e-mail (or username) of the account. */
  username: string;
  /** The password. */
  password: string;
}

/** The session store. */
export interface SessionStore extends Observable<SessionSnapshot> {
  /** Reads the session once; later calls return the same promise (use refetch to read again). */
  load(): Promise<SessionSnapshot>;
  /** Reads the session again; a newer refetch wins over an older one still running. */
  refetch(): Promise<SessionSnapshot>;
  /**
   * Signs in with the device hash, then reloads the page. Rejects with the `ApiError` (e.g. 422
   * "Invalid email or password") when the server refuses; the form shows `error.firstError.title`.
   */
  signIn(input: SignInInput): Promise<SessionSnapshot>;
  /** Signs out: DELETE, then refetch, then the toast. The snapshot stays signed in until the DELETE answered. */
  signOut(): Promise<SessionSnapshot>;
}

/** What the session store needs. */
export interface SessionStoreOptions {
  /** The transport. */
  api: Transport;
  /** Storage holding the player memory merged on the first read. */
  storage: StorageAdapter;
  /** The device hash sent with sign-in. */
  deviceHash: string;
  /** Reloads the page after sign-in. */
  reload: () => void;
  /** Where the sign-out toast goes. */
  toasts: ToastStore;
}

const INITIAL: SessionSnapshot = { loading: true, loggedIn: false, session: null, user: null };

/**
 * Creates the session store (`createClient` does this; use it directly in tests or tools).
 *
 * @example
 * ```ts
 * const session = createSessionStore({ api, storage, deviceHash, reload, toasts });
 * await session.load();
 * session.getSnapshot().loggedIn;
 * ```
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { api, storage, toasts } = options;
  const store = createValueStore<SessionSnapshot>(INITIAL);
  let firstLoad: Promise<SessionSnapshot> | undefined;
  let merged = false;
  let generation = 0;

  function apply(session: Session) {
    if (!merged && session.user) {
      // Spec 1 §4.1: only the first read of the page merges; later reads must not resurrect
      // episodes the listener removed locally in the meantime.
      merged = true;
      writePlayerMemory(storage, mergeListeningData(readPlayerMemory(storage), session.user.podcastListens));
    } else if (!merged) {
      merged = true;
    }
    store.set({
      loading: false,
      loggedIn: session.loggedIn && session.user !== null,
      session,
      user: session.user,
    });
  }

  async function read(): Promise<SessionSnapshot> {
    const mine = ++generation;
    try {
      const { session } = await api.get<SessionResponse>(SESSION_PATH);
      if (mine === generation) apply(session);
    } catch (error) {
      if (mine === generation) store.update({ loading: false, error });
      throw error;
    }
    return store.getSnapshot();
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    load() {
      firstLoad ??= read();
      return firstLoad;
    },
    refetch() {
      const next = read();
      firstLoad ??= next;
      return next;
    },
    async signIn({ username, password }) {
      const body: SignInBody = { username, password, hash: options.deviceHash };
      await api.post<SessionResponse>(SESSION_PATH, body, { handleNotFound: false });
      // The page reloads and reads the new session then (spec 1 §4.1). Applying it here first would let
      // the page react (a guard redirecting to the remembered origin) while the reload is under way:
      // whichever wins, the member can land on the wrong page.
      options.reload();
      return store.getSnapshot();
    },
    async signOut() {
      const answer = await api.delete<SessionResponse>(SESSION_PATH, undefined, { handleNotFound: false });
      try {
        await read();
      } catch {
        // The server did sign out; if the refetch failed, its own answer is the signed-out session.
        if (answer?.session) {
          generation++;
          apply(answer.session);
        }
      }
      toasts.show(SIGNED_OUT_TOAST, 'success');
      return store.getSnapshot();
    },
  };
}
