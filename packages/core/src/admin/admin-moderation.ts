/**
 * The admin home's moderation queue (issue 48) as a core store: on its first subscriber it reads
 * `GET api/v1/admin/reports` and subscribes to `AdminModerationChannel`, so reports arrive while the
 * page is open (a report on a queued message replaces its item, the newest report first) and an item
 * any admin acted on leaves; after a reconnect it reads the queue again (pushes are not replayed). The
 * last subscriber leaving stops both. Actions: delete, dismiss, ban the author for some days.
 * @module
 */
import type {
  ModerationAction,
  ModerationActionBody,
  ModerationItem,
  ModerationPush,
  ModerationQueue,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { createValueStore, type Observable } from '../store.js';

/** The part of the client the moderation queue uses. */
export type ModerationClient = Pick<SportSpyderClient, 'api' | 'realtime' | 'toasts'>;

/** The ban lengths the queue offers, in days. */
export const MODERATION_BAN_DAYS: readonly number[] = Object.freeze([1, 7, 30]);

/** The toast after each action. */
export const MODERATION_TOASTS = Object.freeze({
  delete: 'Message deleted',
  dismiss: 'Reports dismissed',
  ban: 'Message deleted and author banned from chat',
} as const);

/** What the queue shows. */
export interface ModerationSnapshot {
  /** 'loading' until the first read answers; 'forbidden' for a member; 'error' when it failed. */
  readonly status: 'loading' | 'success' | 'forbidden' | 'error';
  /** The open items, the most recently reported first. */
  readonly items: readonly ModerationItem[];
}

/** The queue store. */
export interface ModerationQueueStore extends Observable<ModerationSnapshot> {
  /** Acts on a message; the item leaves at once and the toast says what was done. */
  act(messageId: number, body: ModerationActionBody): Promise<ModerationAction>;
  /** Reads the queue again. */
  refresh(): Promise<void>;
}

const byLastReport = (a: ModerationItem, b: ModerationItem) =>
  b.lastReportedAt.localeCompare(a.lastReportedAt) || b.message.id - a.message.id;

/**
 * Applies a push to the items: a report puts its item first (replacing an older copy), a resolved
 * message leaves.
 *
 * @example
 * ```ts
 * applyModerationPush([], { type: 'resolved', messageId: 4, action }); // []
 * ```
 */
export function applyModerationPush(
  items: readonly ModerationItem[],
  push: ModerationPush,
): readonly ModerationItem[] {
  if (push.type === 'resolved') return items.filter((item) => item.message.id !== push.messageId);
  return [push.item, ...items.filter((item) => item.message.id !== push.item.message.id)].sort(byLastReport);
}

/** `POST api/v1/admin/reports/:messageId/actions`: acts on a reported message. */
export async function actOnReport(
  client: Pick<SportSpyderClient, 'api'>,
  messageId: number,
  body: ModerationActionBody,
): Promise<ModerationAction> {
  const { action } = await client.api.post<{ action: ModerationAction }>(
    apiPath('/api/v1/admin/reports/:messageId/actions', { messageId }),
    body,
    { handleNotFound: false },
  );
  return action;
}

/**
 * The live moderation queue.
 *
 * @example
 * ```ts
 * const queue = createModerationQueue(client);
 * const stop = queue.subscribe(() => render(queue.getSnapshot().items));
 * ```
 */
export function createModerationQueue(client: ModerationClient): ModerationQueueStore {
  const store = createValueStore<ModerationSnapshot>({ status: 'loading', items: [] });
  let unsubscribe: (() => void) | null = null;
  let listeners = 0;
  // Pushes that arrive while a read is on its way are applied to its answer too.
  let pending: ModerationPush[] | null = null;

  const refresh = async () => {
    pending = [];
    try {
      const { items } = await client.api.get<ModerationQueue>(apiPath('/api/v1/admin/reports'), {
        handleNotFound: false,
      });
      let next: readonly ModerationItem[] = items;
      for (const push of pending ?? []) next = applyModerationPush(next, push);
      store.set({ status: 'success', items: next });
    } catch (error) {
      const status = (error as { status?: number }).status;
      store.set({ status: status === 403 || status === 401 ? 'forbidden' : 'error', items: [] });
    } finally {
      pending = null;
    }
  };

  const start = () => {
    unsubscribe = client.realtime.subscribe(
      'AdminModerationChannel',
      {},
      {
        received: (push) => {
          if (pending) pending.push(push);
          const now = store.getSnapshot();
          store.set({ ...now, items: applyModerationPush(now.items, push) });
        },
        connected: ({ reconnected }) => {
          if (reconnected) void refresh();
        },
      },
    );
    void refresh();
  };

  return {
    subscribe(listener) {
      const off = store.subscribe(listener);
      listeners += 1;
      if (listeners === 1) start();
      return () => {
        off();
        listeners -= 1;
        if (listeners === 0) {
          unsubscribe?.();
          unsubscribe = null;
        }
      };
    },
    getSnapshot: store.getSnapshot,
    refresh,
    async act(messageId, body) {
      const action = await actOnReport(client, messageId, body);
      const now = store.getSnapshot();
      store.set({ ...now, items: now.items.filter((item) => item.message.id !== messageId) });
      client.toasts.show(MODERATION_TOASTS[body.action], 'success');
      return action;
    },
  };
}
