// Renders the whole site (provider + the real route table in a memory router) against the msw server.
import { createClient, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { SportSpyderProvider } from '@sportspyder/react';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { API } from './fixtures.js';
import { siteInMemoryRouter, type TestRouter } from './testRouter.js';

export interface RenderedSite {
  client: SportSpyderClient;
  router: TestRouter;
  reload: ReturnType<typeof vi.fn>;
  path: () => string;
}

export async function renderSite(
  entry: string | { pathname: string; search?: string; state?: unknown },
  options: { start?: boolean } = {},
): Promise<RenderedSite> {
  const reload = vi.fn();
  const client = createClient({
    baseUrl: API,
    storage: memoryStorage(),
    realtime: createFakeCable(),
    reload,
    location: () => `${API}/`,
  });
  const { element, router } = siteInMemoryRouter(entry);
  render(<SportSpyderProvider client={client}>{element}</SportSpyderProvider>);
  if (options.start !== false) {
    await act(async () => {
      await client.start();
    });
  }
  const path = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { client, router, reload, path };
}
