// The share dialog's channels (issue 48): the page's teams' channels first, then their sports', then
// the general ones, each channel once; a page list that fails leaves the general channels offered.
import type { Channel } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import { getShareChannels, shareChannelScopes } from '../chat-channels.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const channel = (id: number, name: string): Channel => ({ id, name, moderators: [], selected: false });
const list = (...channels: Channel[]) => HttpResponse.json({ channels, meta: {} });

describe('shareChannelScopes', () => {
  it("names the teams first, then their sports and the page's, each once", () => {
    expect(
      shareChannelScopes({
        teams: [
          { slug: 'green-bay-packers', sportSlug: 'nfl' },
          { slug: 'chicago-bears', sportSlug: 'nfl' },
          { slug: 'green-bay-packers', sportSlug: 'nfl' },
        ],
        sports: [{ slug: 'nfl' }, { slug: 'cf' }],
      }),
    ).toEqual([
      { teamId: 'green-bay-packers' },
      { teamId: 'chicago-bears' },
      { sportId: 'nfl' },
      { sportId: 'cf' },
    ]);
    expect(shareChannelScopes({})).toEqual([]);
  });
});

describe('getShareChannels', () => {
  it("lists the page's channels in order, then the general ones, without repeats", async () => {
    server.use(
      http.get(api('teams/:team/channels'), () => list(channel(11, 'Packers'), channel(12, 'Game Day'))),
      http.get(api('sports/:sport/channels'), () => list(channel(11, 'Packers'), channel(20, 'NFL'))),
      http.get(api('chat/channels'), () => list(channel(1, 'General'))),
    );
    const { client } = makeClient();
    const channels = await getShareChannels(client, [{ teamId: 'green-bay-packers' }, { sportId: 'nfl' }]);
    expect(channels.map((c) => c.name)).toEqual(['Packers', 'Game Day', 'NFL', 'General']);
  });

  it('still offers the general channels when a page list cannot be read', async () => {
    server.use(
      http.get(api('teams/:team/channels'), () => HttpResponse.json({ errors: [] }, { status: 403 })),
      http.get(api('chat/channels'), () => list(channel(1, 'General'))),
    );
    const { client } = makeClient();
    const channels = await getShareChannels(client, [{ teamId: 'green-bay-packers' }]);
    expect(channels.map((c) => c.name)).toEqual(['General']);
  });
});
