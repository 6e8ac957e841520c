// The embed configurator (issue 16) on /about/publishers and the team Widgets page, against msw: the
// team, limit and theme controls rewrite the snippet (versioned URL with integrity + crossorigin from
// /widgets/integrity.json, or the moving URL and a note when the hashes are unavailable), the live
// preview re-mounts the embed through its global (destroy, then init with the new data-*), and Copy
// writes the snippet and announces "Copied" in a live region.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backend, server, signedInSession, signedOutSession } from '../../../__tests__/fixtures.js';
import { renderSite } from '../../../__tests__/renderSite.js';

const HASH = 'sha384-S2VgpSGEwyQEoRKfdW5CPZLd/m+rU8V8WougMGn+eFX21HHUchLyZyAurRtBdy41';

// The real embed is a built IIFE: here a stand-in global records what the preview asks it to mount.
const embed = vi.hoisted(() => {
  const mounted: Record<string, string | undefined>[] = [];
  const api = {
    destroyed: 0,
    init(root: ParentNode) {
      const script = root.querySelector<HTMLScriptElement>('script[data-team]');
      if (!script) return [];
      const host = document.createElement('sportspyder-headline');
      host.textContent = `Headlines of ${script.dataset.team}`;
      script.after(host);
      mounted.push({ ...script.dataset, src: script.getAttribute('src') ?? undefined, type: script.type });
      return [host];
    },
    destroy(el?: Element) {
      api.destroyed += 1;
      el?.querySelector('sportspyder-headline')?.remove();
    },
  };
  return { api, mounted, loads: 0 };
});
vi.mock('../loadHeadlineEmbed.js', () => ({
  loadHeadlineEmbed: async () => {
    embed.loads += 1;
    return embed.api;
  },
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  embed.mounted.length = 0;
  embed.api.destroyed = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const release = () =>
  server.use(
    http.get('*/widgets/integrity.json', () =>
      HttpResponse.json({ version: '0.1.0', files: { 'headline.js': HASH, 'player.js': 'sha384-b' } }),
    ),
  );
const snippet = () =>
  screen.getByRole('figure', { name: 'Snippet' }).querySelector('code')?.textContent ?? '';
const preview = () => screen.getByTestId('embed-preview');

describe('EmbedConfigurator on /about/publishers', () => {
  it('rewrites the versioned, integrity-checked snippet and re-mounts the preview on each change', async () => {
    release();
    await renderSite('/about/publishers');
    await screen.findByRole('heading', { level: 1, name: 'For Publishers' });
    const origin = window.location.origin;
    await waitFor(() => expect(snippet()).toContain(`src="${origin}/widgets/v0.1.0/headline.js"`));
    expect(snippet()).toContain(`integrity="${HASH}" crossorigin="anonymous"`);
    expect(snippet()).toContain('data-team="nfl/green-bay-packers" data-limit="6" data-theme="auto"');
    expect(screen.getByText(/loads release 0\.1\.0 from its versioned address/)).toBeTruthy();
    await waitFor(() =>
      expect(within(preview()).getByText('Headlines of nfl/green-bay-packers')).toBeTruthy(),
    );
    expect(embed.mounted.at(-1)).toMatchObject({ team: 'nfl/green-bay-packers', limit: '6', theme: 'auto' });
    // The preview's tag is inert (not run again by the browser) but names this origin's embed.
    expect(embed.mounted.at(-1)).toMatchObject({ type: 'text/plain', src: `${origin}/widgets/headline.js` });

    // Teams come from the reference data, grouped by sport.
    const team = (await screen.findByLabelText('Team')) as HTMLSelectElement;
    await waitFor(() => expect(within(team).getByRole('group', { name: 'NBA' })).toBeTruthy());
    expect(within(team).queryByRole('option', { name: 'Your Favorites' })).toBeNull();
    fireEvent.change(team, { target: { value: 'nba/los-angeles-lakers' } });
    expect(snippet()).toContain('data-team="nba/los-angeles-lakers"');
    await waitFor(() =>
      expect(within(preview()).getByText('Headlines of nba/los-angeles-lakers')).toBeTruthy(),
    );
    expect(preview().querySelectorAll('sportspyder-headline')).toHaveLength(1);
    expect(embed.api.destroyed).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('Number of headlines'), { target: { value: '40' } });
    expect(snippet()).toContain('data-limit="12"');
    fireEvent.change(screen.getByLabelText('Number of headlines'), { target: { value: '3' } });
    expect(snippet()).toContain('data-limit="3"');
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    expect(snippet()).toContain('data-limit="3" data-theme="dark"');
    await waitFor(() => expect(embed.mounted.at(-1)).toMatchObject({ limit: '3', theme: 'dark' }));
  });

  it('copies the snippet and announces "Copied" in a live region, cleared when the snippet changes', async () => {
    release();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderSite('/about/publishers');
    await waitFor(() => expect(snippet()).toContain('integrity='));
    const configurator = screen.getByRole('region', { name: 'Configure the headline widget' });
    const status = within(configurator).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy snippet' }));
    });
    expect(writeText).toHaveBeenCalledWith(snippet());
    expect(status.textContent).toBe('Copied');
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'light' } });
    expect(status.textContent).toBe('');
  });

  it('falls back to the moving URL without integrity, and says so, when the hashes are unavailable', async () => {
    await renderSite('/about/publishers');
    await screen.findByText(/integrity hashes are unavailable right now/);
    expect(snippet()).toContain(`src="${window.location.origin}/widgets/headline.js"`);
    expect(snippet()).not.toContain('integrity=');
    expect(snippet()).not.toContain('crossorigin');
  });
});

describe('EmbedConfigurator on the team Widgets page', () => {
  it("starts on the page's team and offers Your Favorites to members", async () => {
    release();
    backend.session = signedInSession();
    await renderSite('/nfl/las-vegas-raiders/widgets');
    await screen.findByRole('heading', { level: 1, name: 'Las Vegas Raiders Widgets' });
    const team = (await screen.findByLabelText('Team')) as HTMLSelectElement;
    expect(team.value).toBe('nfl/las-vegas-raiders');
    await waitFor(() => expect(snippet()).toContain('data-team="nfl/las-vegas-raiders"'));
    fireEvent.change(team, { target: { value: 'favorites' } });
    expect(snippet()).toContain('data-team="favorites"');
  });
});
