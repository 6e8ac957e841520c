/**
 * A channel of many messages answered by the page's own network route (no database of 10,000 rows):
 * the Packers' first channel returns every message on its first page; later pages and catch-ups are
 * empty. Used by the chat browser test (the list keeps a window of rows) and by `npm run bench:web`
 * (long tasks while scrolling it).
 * @module
 */
import type { Page } from 'playwright-core';

/** The chat page whose first channel the route answers. */
export const LONG_CHANNEL_PATH = '/nfl/green-bay-packers/chat';

function author(id: number) {
  return {
    id: 1000 + (id % 7),
    username: `fan_${id % 7}`,
    displayName: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    chatColor: ['Pine', 'Cherry', 'Azure', 'Fire', 'Ocean', 'Jam', 'Default'][id % 7],
    chatProBadge: id % 11 === 0,
    chatAcceptedRules: true,
    pro: false,
    proState: '',
    proDaysLeft: null,
    proSince: null,
    api: false,
  };
}

/** The text each message starts with (`Message {id}:`), to find a row. */
export const messageLabel = (id: number) => `Message ${id}:`;

/** Answers the channel's messages with `total` messages (ids 1..total, newest first). */
export async function routeLongChannel(page: Page, total: number): Promise<void> {
  const messages = Array.from({ length: total }, (_, index) => {
    const id = total - index;
    return {
      id,
      // Lengths vary, so rows are measured at different heights as they come into view.
      content: `${messageLabel(id)} ${'what a game '.repeat(1 + (id % 9))}${id % 13 === 0 ? '\nsecond line\nthird line\nfourth line' : ''}`,
      user: author(id),
      parentId: null,
      channelId: 11,
      repliesCount: id % 5,
      messagesCount: 0,
      likesCount: id % 4,
      article: null,
      episode: null,
      createdAt: new Date(Date.UTC(2026, 10, 24, 12) - index * 60_000).toISOString(),
      deletedAt: null,
      updatedAt: null,
    };
  });
  const body = JSON.stringify({
    messages,
    meta: { pagination: { page: 1, perPage: total, totalCount: total, totalPages: 1 }, likes: [] },
  });
  const empty = JSON.stringify({
    messages: [],
    meta: { pagination: { page: 2, perPage: 25, totalCount: 0, totalPages: 0 }, likes: [] },
  });
  await page.route(/\/api\/v1\/channels\/\d+\/messages/, (route) => {
    const url = new URL(route.request().url());
    const first = (url.searchParams.get('page') ?? '1') === '1' && !url.searchParams.has('after');
    return route.fulfill({ contentType: 'application/json', body: first ? body : empty });
  });
}
