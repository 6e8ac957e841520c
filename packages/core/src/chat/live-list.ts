/**
 * The engine under every live message list of chat (a channel, a thread, an article's or an
 * episode's comments): the first page over REST, older or further pages on demand, live pushes
 * from the cable, and after every (re)connection a REST catch-up from the last id seen, merged by
 * id so nothing is lost and nothing shows twice, in id order. Pushes that arrive while a page
 * loads wait for it. A push with likes meta, `deletedAt` or `updatedAt` changes a message in
 * place and never adds one (spec 3 §4); a plain one for an unknown message is new and marked so
 * unless its author is the reader. The lists built on it add their rules through hooks.
 * Work starts with the first subscriber and stops after the last (the data stays for the next).
 * @module
 */
import type { Message, MessageList, MessagesPush } from '@sportspyder/contract';
import type { ResourceStatus } from '../cache.js';
import { ApiError } from '../errors.js';
import { createValueStore, type Observable } from '../store.js';
import type { ChatContext, FeedHandle } from './chat-context.js';
import { REPLY_HIGHLIGHT_MS } from './chat-texts.js';

/** The state of a list's live stream. */
export type ChatConnection = 'connecting' | 'live' | 'offline' | 'rejected';

/** One message of a list as the renderer shows it. */
export interface ChatItem {
  /** The message as last heard. */
  readonly message: Message;
  /** True when the signed-in member likes it. */
  readonly liked: boolean;
  /** True for a message that arrived live (or by catch-up) from someone else (spec 3 §4). */
  readonly isNew: boolean;
  /** True for 3 s after its reply count grew (spec 3 §4). */
  readonly highlighted: boolean;
}

/** What every live list shows. */
export interface LiveListSnapshot {
  /** 'loading' until the first page arrived, then 'success' (or 'error'). */
  readonly status: ResourceStatus;
  /** The error of the last failed page load. */
  readonly error?: unknown;
  /** The messages in display order. */
  readonly items: readonly ChatItem[];
  /** True when {@link LiveList.loadMore} has more to load. */
  readonly hasMore: boolean;
  /** True while a further page loads. */
  readonly loadingMore: boolean;
  /** The live stream's state: 'rejected' when the server refused it (the list then stays as loaded). */
  readonly connection: ChatConnection;
}

/** Where a message came from. */
export type MessageSource = 'live' | 'catch-up' | 'own';

/** The rules a list adds to the engine. */
export interface LiveListHooks {
  /**
   * A new message (plain, unknown) arrived; answer true when the list dealt with it (counted it,
   * reloaded) and the engine must not insert it.
   */
  onNew?(message: Message, source: MessageSource): boolean;
  /** A new message was inserted (not on page loads). */
  onInserted?(message: Message, source: MessageSource): void;
  /** A message became deleted (known or not), once per message. */
  onDeleted?(message: Message): void;
  /** The first page arrived. */
  onFirstPage?(list: MessageList): void;
}

/** What a list is made of. */
export interface LiveListConfig {
  /** The chat it belongs to. */
  ctx: ChatContext;
  /** Subscribes its stream on the cable. */
  subscribe(handlers: {
    received(push: MessagesPush): void;
    connected(info: { reconnected: boolean }): void;
    disconnected(): void;
    rejected(): void;
  }): () => void;
  /** Reads page `page` in the list's fetch order. */
  fetchPage(page: number): Promise<MessageList>;
  /**
   * Reads the page that holds message `id` in the list's fetch order (the messages API's `around`);
   * its `meta.pagination.page` says which page that is.
   */
  fetchAround?(id: number): Promise<MessageList>;
  /** The fetch order: 'desc' loads from the newest (further pages are older). */
  fetchSort(): 'asc' | 'desc';
  /** The display order by id ('asc': newest at the bottom). */
  displaySort(): 'asc' | 'desc';
  /** Reads every message newer than `afterId`, oldest first, with the lists' likes meta. */
  catchUp(afterId: number): Promise<readonly MessageList[]>;
  /** True when a message the reader just sent belongs in this list. */
  accepts(message: Message): boolean;
  /** The list's rules. */
  hooks?: LiveListHooks;
}

/** The engine's controls, for the list built on it. */
export interface LiveList extends Observable<LiveListSnapshot> {
  /** Loads the next page (older for newest-first lists, newer for oldest-first ones). */
  loadMore(): Promise<void>;
  /**
   * Loads every page down to the one that holds message `id` (a message link to an older message),
   * so the list stays whole and `loadMore` goes on after it. Does nothing when it is shown already
   * or not in the list.
   */
  loadThrough(id: number): Promise<void>;
  /** Drops everything and loads the first page again (a sort change). */
  reload(): Promise<void>;
  /** Clears the 'new' marks (the reader has seen them). */
  clearNew(): void;
  /** True when `id` is in the list. */
  has(id: number): boolean;
  /** Takes a message (a push, a catch-up, the reader's own send). */
  receive(message: Message, meta: MessagesPush['meta'], source: MessageSource): void;
  /** Changes a message in place (optimistic likes). */
  patch(id: number, change: (message: Message) => Message): void;
  /** Waits for the running page load and catch-up (tests, and callers that need settled data). */
  settled(): Promise<void>;
}

/** Most pages {@link LiveList.loadThrough} reads between the loaded ones and the linked message's. */
export const LOAD_THROUGH_MAX_PAGES = 20;

/** Most pages one catch-up reads (25 each) before it stops; the rest is not live news any more. */
export const CATCH_UP_MAX_PAGES = 20;

/**
 * Messages a catch-up reads again below the newest one seen. Ids are given when a message is inserted
 * but it is broadcast when its transaction commits, so two sends at once can arrive in the other
 * order; a drop between the two would hide the older one from a catch-up "after the newest". The
 * overlap is merged by id, so it costs a few rows and shows nothing twice.
 */
export const CATCH_UP_OVERLAP = 10;

/** First wait before a failed catch-up is tried again; it doubles up to {@link CATCH_UP_RETRY_MAX_MS}. */
export const CATCH_UP_RETRY_MS = 1_000;
/** Longest wait between two tries of a failed catch-up. */
export const CATCH_UP_RETRY_MAX_MS = 30_000;

interface Entry {
  message: Message;
  isNew: boolean;
  highlightTimer?: unknown;
  item?: ChatItem;
}

const isUpdatePush = (message: Message, meta: MessagesPush['meta']) =>
  meta?.likes !== undefined || message.deletedAt != null || message.updatedAt != null;

/** Builds a live list. */
export function createLiveList(config: LiveListConfig): LiveList {
  const { ctx } = config;
  const hooks = config.hooks ?? {};
  const entries = new Map<number, Entry>();
  // Ids seen deleted (so a count goes down once) and ids a list counted instead of inserting.
  const deletedIds = new Set<number>();
  const store = createValueStore<LiveListSnapshot>({
    status: 'idle',
    items: [],
    hasMore: false,
    loadingMore: false,
    connection: 'connecting',
  });
  let page = 0;
  let hasMore = false;
  let maxSeenId = 0;
  let generation = 0;
  let listeners = 0;
  let stopStream: (() => void) | undefined;
  let stopLikes: (() => void) | undefined;
  let unregister: (() => void) | undefined;
  let pending: { message: Message; meta: MessagesPush['meta'] }[] | null = null;
  let work: Promise<void> = Promise.resolve();
  let catchUpRunning = false;
  let catchUpAgain = false;
  // Where the next catch-up starts: set when the socket drops (what was certainly received by then)
  // and kept until a catch-up that saw no further drop succeeds, so a failed or overtaken catch-up
  // never moves the start past a gap.
  let gapFrom: number | null = null;
  let drops = 0;
  // The newest ids of the stream seen, newest first (at most CATCH_UP_OVERLAP + 1).
  const tail: number[] = [];

  const loaded = () => store.getSnapshot().status === 'success';
  const ownId = () => ctx.currentUserId();

  function publish(patch: Partial<LiveListSnapshot> = {}) {
    const ids = [...entries.keys()].sort((a, b) => a - b);
    if (config.displaySort() === 'desc') ids.reverse();
    const items = ids.map((id) => {
      const entry = entries.get(id) as Entry;
      const liked = ctx.likes.isLiked(id);
      const highlighted = entry.highlightTimer !== undefined;
      const previous = entry.item;
      // The same object while nothing changed, so renderers can skip unchanged rows.
      if (
        previous &&
        previous.message === entry.message &&
        previous.liked === liked &&
        previous.isNew === entry.isNew &&
        previous.highlighted === highlighted
      ) {
        return previous;
      }
      entry.item = Object.freeze({ message: entry.message, liked, isNew: entry.isNew, highlighted });
      return entry.item;
    });
    store.set({ ...store.getSnapshot(), hasMore, items: Object.freeze(items), ...patch });
  }

  function highlight(entry: Entry, id: number) {
    if (entry.highlightTimer !== undefined) ctx.timers.clearTimeout(entry.highlightTimer);
    entry.highlightTimer = ctx.timers.setTimeout(() => {
      entry.highlightTimer = undefined;
      if (entries.get(id) === entry) publish();
    }, REPLY_HIGHLIGHT_MS);
  }

  function noteDeleted(message: Message) {
    if (message.deletedAt == null || deletedIds.has(message.id)) return;
    deletedIds.add(message.id);
    hooks.onDeleted?.(message);
  }

  /** Applies one message; answers whether the snapshot needs publishing. */
  function apply(message: Message, meta: MessagesPush['meta'], source: MessageSource): boolean {
    const known = entries.get(message.id);
    if (known) {
      const grew = message.repliesCount > known.message.repliesCount;
      known.message = message;
      if (grew) highlight(known, message.id);
      noteDeleted(message);
      return true;
    }
    if (isUpdatePush(message, meta)) {
      // A change to a message this list does not show (older than its pages): only counts move.
      noteDeleted(message);
      return false;
    }
    // An older message re-sent for its reply count (a channel hears of a thread's parent again):
    // unknown and older than the oldest shown while older pages exist. New messages are never that.
    let oldest = Number.POSITIVE_INFINITY;
    for (const id of entries.keys()) oldest = Math.min(oldest, id);
    if (config.fetchSort() === 'desc' && hasMore && message.id < oldest) return false;
    maxSeenId = Math.max(maxSeenId, message.id);
    noteTail(message.id);
    if (hooks.onNew?.(message, source)) return true;
    const own = message.user.id === ownId();
    entries.set(message.id, { message, isNew: source !== 'own' && !own });
    hooks.onInserted?.(message, source);
    return true;
  }

  function receive(message: Message, meta: MessagesPush['meta'], source: MessageSource) {
    if (pending) {
      pending.push({ message, meta });
      return;
    }
    if (apply(message, meta, source)) publish();
  }

  function absorbLikes(list: MessageList) {
    ctx.likes.absorb(
      list.messages.map((m) => m.id),
      list.meta.likes,
    );
  }

  function addPage(list: MessageList) {
    absorbLikes(list);
    for (const message of list.messages) {
      maxSeenId = Math.max(maxSeenId, message.id);
      if (message.deletedAt != null) deletedIds.add(message.id);
      // A message already here may be newer (a push overtook the page): keep it.
      if (!entries.has(message.id)) entries.set(message.id, { message, isNew: false });
    }
    hasMore = list.meta.pagination.page < list.meta.pagination.totalPages;
    // Newest-first pages, and the last page of an oldest-first list, hold the stream's tail.
    if (config.fetchSort() === 'desc' || !hasMore) for (const message of list.messages) noteTail(message.id);
  }

  async function loadFirst(): Promise<void> {
    const mine = ++generation;
    pending = [];
    store.update({ status: store.getSnapshot().status === 'success' ? 'success' : 'loading' });
    try {
      const list = await config.fetchPage(1);
      if (mine !== generation) return;
      page = 1;
      addPage(list);
      hooks.onFirstPage?.(list);
      const waiting = pending ?? [];
      pending = null;
      for (const push of waiting) apply(push.message, push.meta, 'live');
      publish({ status: 'success', error: undefined });
    } catch (error) {
      if (mine !== generation) return;
      const waiting = pending ?? [];
      pending = null;
      for (const push of waiting) apply(push.message, push.meta, 'live');
      publish({ status: 'error', error });
    }
  }

  /**
   * The id a catch-up reads after: {@link CATCH_UP_OVERLAP} below the newest of the stream's tail
   * seen (live, caught up, or a page of the newest messages). Pages of older messages (a thread read
   * oldest first with pages still unread) are not the tail: re-reading from them would count unread
   * replies as new.
   */
  function watermark(): number {
    if (tail.length > CATCH_UP_OVERLAP) return tail[CATCH_UP_OVERLAP] as number;
    return tail.length > 0 ? Math.max(0, (tail.at(-1) as number) - 1) : maxSeenId;
  }

  function noteTail(id: number) {
    if (tail.includes(id)) return;
    tail.push(id);
    tail.sort((a, b) => b - a);
    tail.length = Math.min(tail.length, CATCH_UP_OVERLAP + 1);
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => ctx.timers.setTimeout(resolve, ms));
  }

  async function catchUp(): Promise<void> {
    // One at a time: a second reconnect during a catch-up runs another one after it.
    if (catchUpRunning) {
      catchUpAgain = true;
      return;
    }
    catchUpRunning = true;
    let failures = 0;
    try {
      do {
        catchUpAgain = false;
        const mine = generation;
        const dropsAtStart = drops;
        const from = gapFrom ?? watermark();
        let lists: readonly MessageList[];
        try {
          lists = await config.catchUp(from);
        } catch (error) {
          // A failed catch-up (the server restarting, a 429 after many clients reconnect at once) is
          // tried again, later each time, from the same start: nothing may be skipped.
          if (mine !== generation || listeners === 0) break;
          gapFrom ??= from;
          const retryAfter = error instanceof ApiError ? (error.retryAfter ?? 0) * 1000 : 0;
          await wait(
            Math.max(retryAfter, Math.min(CATCH_UP_RETRY_MAX_MS, CATCH_UP_RETRY_MS * 2 ** failures++)),
          );
          catchUpAgain = true;
          continue;
        }
        if (mine !== generation) continue;
        if (drops === dropsAtStart) gapFrom = null;
        let changed = false;
        for (const list of lists) {
          absorbLikes(list);
          for (const message of list.messages) changed = apply(message, undefined, 'catch-up') || changed;
        }
        if (changed) publish();
      } while (catchUpAgain && listeners > 0);
    } finally {
      catchUpRunning = false;
    }
  }

  function track(task: Promise<void>): Promise<void> {
    work = Promise.all([work, task]).then(() => undefined);
    return task;
  }

  const handle: FeedHandle = {
    has: (id) => entries.has(id),
    accepts: (message) => config.accepts(message),
    receive: (message) => receive(message, undefined, 'own'),
    patch: (id, change) => list.patch(id, change),
  };

  function start() {
    unregister = ctx.register(handle);
    stopLikes = ctx.likes.subscribe(() => publish());
    store.update({ connection: 'connecting' });
    stopStream = config.subscribe({
      received: (push) => {
        for (const message of push.messages ?? []) receive(message, push.meta, 'live');
      },
      connected: () => {
        store.update({ connection: 'live' });
        // Whatever was posted while the socket was down (or before this subscription was confirmed)
        // comes over REST; before the first page arrives, that page covers it.
        if (loaded()) void track(catchUp());
      },
      disconnected: () => {
        drops++;
        if (loaded()) gapFrom ??= watermark();
        store.update({ connection: 'offline' });
      },
      rejected: () => store.update({ connection: 'rejected' }),
    });
    if (store.getSnapshot().status === 'idle' || store.getSnapshot().status === 'error')
      void track(loadFirst());
  }

  function stop() {
    stopStream?.();
    stopLikes?.();
    unregister?.();
    stopStream = stopLikes = unregister = undefined;
    for (const entry of entries.values()) {
      if (entry.highlightTimer !== undefined) ctx.timers.clearTimeout(entry.highlightTimer);
      entry.highlightTimer = undefined;
    }
    store.update({ connection: 'offline' });
  }

  const list: LiveList = {
    getSnapshot: store.getSnapshot,
    subscribe(listener) {
      const off = store.subscribe(listener);
      listeners++;
      if (listeners === 1) start();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        listeners--;
        if (listeners === 0) stop();
      };
    },
    loadMore() {
      if (!hasMore || store.getSnapshot().loadingMore || !loaded()) return Promise.resolve();
      const mine = generation;
      store.update({ loadingMore: true });
      return track(
        config.fetchPage(page + 1).then(
          (next) => {
            if (mine !== generation) return;
            page += 1;
            addPage(next);
            publish({ loadingMore: false });
          },
          (error: unknown) => {
            if (mine === generation) store.update({ loadingMore: false, error });
          },
        ),
      );
    },
    loadThrough(id) {
      const fetchAround = config.fetchAround;
      if (!fetchAround) return Promise.resolve();
      // After the first page (and any load running now); `work` is read before this load joins it.
      const before = work;
      return track(
        (async () => {
          await before;
          if (!loaded() || entries.has(id) || !hasMore) return;
          const mine = generation;
          store.update({ loadingMore: true });
          try {
            const around = await fetchAround(id);
            const target = around.meta.pagination.page;
            if (mine !== generation || target <= page) return;
            const between: MessageList[] = [];
            const first = Math.max(page + 1, target - LOAD_THROUGH_MAX_PAGES);
            for (let next = first; next < target; next++) between.push(await config.fetchPage(next));
            if (mine !== generation) return;
            for (const list of between) addPage(list);
            addPage(around);
            page = target;
          } catch (error) {
            if (mine === generation) store.update({ error });
          } finally {
            if (mine === generation) publish({ loadingMore: false });
          }
        })(),
      );
    },
    reload() {
      for (const entry of entries.values()) {
        if (entry.highlightTimer !== undefined) ctx.timers.clearTimeout(entry.highlightTimer);
      }
      entries.clear();
      deletedIds.clear();
      page = 0;
      hasMore = false;
      maxSeenId = 0;
      gapFrom = null;
      tail.length = 0;
      publish({ status: 'loading', loadingMore: false });
      return track(loadFirst());
    },
    clearNew() {
      let changed = false;
      for (const entry of entries.values()) {
        if (entry.isNew) {
          entry.isNew = false;
          changed = true;
        }
      }
      if (changed) publish();
    },
    has: (id) => entries.has(id),
    receive,
    patch(id, change) {
      const entry = entries.get(id);
      if (!entry) return;
      entry.message = change(entry.message);
      publish();
    },
    async settled() {
      let current: Promise<void>;
      do {
        current = work;
        await current;
      } while (current !== work);
    },
  };
  return list;
}

/**
 * A catch-up for lists read newest first (threads, comments): page after page from the newest
 * until a page reaches `afterId` (or the last page), giving the lists oldest page first.
 */
export async function catchUpNewestFirst(
  fetchNewestFirst: (page: number) => Promise<MessageList>,
  afterId: number,
): Promise<readonly MessageList[]> {
  const lists: MessageList[] = [];
  for (let page = 1; page <= CATCH_UP_MAX_PAGES; page++) {
    const list = await fetchNewestFirst(page);
    const newer = list.messages.filter((m) => m.id > afterId);
    lists.push({ ...list, messages: [...newer].sort((a, b) => a.id - b.id) });
    if (newer.length < list.messages.length || page >= list.meta.pagination.totalPages) break;
  }
  return lists.reverse();
}
