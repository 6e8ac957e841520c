// The contact form against msw (the topic in the path preselects it and changing it changes the URL;
// each topic's fields; the server's problems in the error box with the fields marked; the toast and
// home on success), reCAPTCHA v3 when the session names a site key (Google's script loaded from msw,
// the token of action 'submit' sent; nothing loaded without a key), and the static pages.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEATURE_SECTIONS } from '../pages/about/featureGuide.js';
import { API, backend, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Google's script is fetched (from msw) and run, as a browser would.
  const { settings } = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM;
  settings.disableJavaScriptFileLoading = false;
  settings.enableJavaScriptEvaluation = true;
});
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  backend.requests = [];
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  for (const script of document.querySelectorAll('script[src*="recaptcha"]')) script.remove();
  delete (window as { grecaptcha?: unknown }).grecaptcha;
});

const RECAPTCHA_URL = 'https://www.google.com/recaptcha/api.js';

describe('/contact/:id?', () => {
  it('preselects the topic of the path, shows its fields, and changes the URL with the topic', async () => {
    const site = await renderSite('/contact/5');
    const topic = (await screen.findByLabelText('Topic')) as HTMLSelectElement;
    expect(topic.value).toBe('5');
    expect(screen.getByRole('option', { name: 'Advertising and featured content' })).toBeTruthy();
    expect(screen.getByLabelText('Subject')).toBeTruthy();
    expect(screen.getByLabelText('Message')).toBeTruthy();
    expect(screen.queryByLabelText('Url')).toBeNull();

    fireEvent.change(topic, { target: { value: '2' } });
    await waitFor(() => expect(site.path()).toBe('/contact/2'));
    expect(screen.getByLabelText('Url')).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();
    expect(screen.queryByLabelText('Message')).toBeNull();

    await act(async () => {
      await site.router.navigate('/contact');
    });
    expect(((await screen.findByLabelText('Topic')) as HTMLSelectElement).value).toBe('1');
  });

  it('lists the server problems and marks the fields, then sends, shows the toast and goes home', async () => {
    backend.session = signedInSession();
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post(`${API}/api/v1/feedbacks`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (sent.length === 1)
          return HttpResponse.json(
            {
              errors: [
                { field: 'subject', code: 'blank', title: "Subject can't be blank" },
                { field: 'message', code: 'blank', title: "Message can't be blank" },
              ],
            },
            { status: 422 },
          );
        return HttpResponse.json({ feedback: { id: 9 } }, { status: 201 });
      }),
    );
    const site = await renderSite('/contact/1');
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    // A member's own address is there to start with.
    await waitFor(() => expect(email.value).toBe('demo@sportspyder.test'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    });
    const box = await screen.findByRole('alert');
    expect(box.textContent).toContain('The following problems were encountered:');
    expect(within(box).getByText("Subject can't be blank")).toBeTruthy();
    expect(box.textContent).toContain('Please correct the above issues and try again.');
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Scores' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Please add live scores.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    });
    await waitFor(() => expect(site.path()).toBe('/'));
    expect(await screen.findByText('Message sent successfully — We appreciate your feedback!')).toBeTruthy();
    expect(sent[1]).toEqual({
      feedbackTopicId: 1,
      email: 'demo@sportspyder.test',
      subject: 'Scores',
      message: 'Please add live scores.',
      recaptcha: 'local-captcha-ok',
    });
    // Without a site key, nothing is loaded from Google.
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('stays on the form with the message when the sender is throttled (429)', async () => {
    server.use(
      http.post(`${API}/api/v1/feedbacks`, () =>
        HttpResponse.json(
          { errors: [{ code: 'rate_limited', title: 'You have sent several messages in a short time.' }] },
          { status: 429, headers: { 'Retry-After': '60' } },
        ),
      ),
    );
    const site = await renderSite('/contact/3');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'blog@example.com' } });
    fireEvent.change(screen.getByLabelText('Url'), { target: { value: 'https://blog.example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
    expect(site.path()).toBe('/contact/3');
    expect((screen.getByLabelText('Url') as HTMLInputElement).value).toBe('https://blog.example.com');
  });

  it("uses reCAPTCHA v3 when the session names a site key: Google's script, action 'submit'", async () => {
    backend.session = { ...signedOutSession, publicKeys: { recaptchaSiteKey: 'site-key-1' } };
    const executed: unknown[] = [];
    (window as { __recaptchaCalls?: unknown[] }).__recaptchaCalls = executed;
    const scriptRequests: string[] = [];
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(RECAPTCHA_URL, ({ request }) => {
        scriptRequests.push(request.url);
        // What Google's script does that matters here: a global with ready() and execute().
        return new HttpResponse(
          `window.grecaptcha = { ready: function (cb) { cb(); }, execute: function (key, options) {
             window.__recaptchaCalls.push([key, options.action]); return Promise.resolve('google-token'); } };`,
          { headers: { 'content-type': 'text/javascript' } },
        );
      }),
      http.post(`${API}/api/v1/feedbacks`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ feedback: { id: 1 } }, { status: 201 });
      }),
    );
    const site = await renderSite('/contact/7');
    // The script starts loading when the page opens (the score uses the visit).
    await waitFor(() =>
      expect(document.querySelector('script[src*="recaptcha"]')?.getAttribute('src')).toBe(
        `${RECAPTCHA_URL}?render=site-key-1`,
      ),
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dev@example.com' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'API' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A scores app.' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    });
    await waitFor(() => expect(site.path()).toBe('/'));
    expect(sent?.recaptcha).toBe('google-token');
    expect(executed).toEqual([['site-key-1', 'submit']]);
    // Loaded once, for the page and the submit together.
    expect(scriptRequests).toHaveLength(1);
    expect(document.querySelectorAll('script[src*="recaptcha"]')).toHaveLength(1);
  });
});

describe('static pages', () => {
  it('renders each page with its heading and real content', async () => {
    backend.session = signedOutSession;
    const site = await renderSite('/about');
    const visits: [string, string, RegExp][] = [
      ['/about', 'About SportSpyder', /6,000\+/],
      ['/about/features', 'Feature Guide', /podcast player/],
      ['/about/pro', 'SportSpyder PRO', /\$35\/year/],
      ['/about/members', 'For Members', /free account/],
      ['/about/publishers', 'For Publishers', /widgets\/headline\.js/],
      ['/about/developers', 'For Developers', /Authorization: Bearer/],
      ['/privacy', 'Privacy Policy', /never sell/],
      ['/promoted', 'Promoted Content', /labelled as promoted/],
      ['/featured', 'Featured Content', /Ask about featured content/],
      ['/version', 'Version', /1\.0\.0/],
    ];
    for (const [path, heading, content] of visits) {
      await act(async () => {
        await site.router.navigate(path);
      });
      const h1 = await screen.findByRole('heading', { level: 1, name: heading });
      expect(h1, path).toBeTruthy();
      await waitFor(() => expect(document.body.textContent, path).toMatch(content));
      expect(screen.queryByText(/placeholder/i), path).toBeNull();
      expect(document.title).toBe(`${heading} | SportSpyder`);
    }
  });

  it('lists the help-guide catalogue in the order of spec 1 §2.8 and opens a guide', async () => {
    expect(FEATURE_SECTIONS.map((s) => s.id)).toEqual([
      'news-feed',
      'your-team',
      'podcasts',
      'videos',
      'posts',
      'chat',
      'players',
      'search',
    ]);
    const site = await renderSite('/about/features');
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((h) => h.textContent)).toEqual([
      'Sections',
      ...FEATURE_SECTIONS.map((s) => s.title),
      'More about SportSpyder',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Searching' }));
    await waitFor(() => expect(site.path()).toBe('/about/feature/search/searching'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Searching' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open search' }).getAttribute('href')).toBe('/search');

    await act(async () => {
      await site.router.navigate('/about/feature/search/nothing-here');
    });
    await waitFor(() => expect(site.path()).toBe('/page-not-found'));
  });

  it('points publishers at the contact topics and shows the embed snippets on this origin', async () => {
    server.use(
      http.get(`${API}/api/v1/teams/green-bay-packers/podcasts`, () =>
        HttpResponse.json({
          podcasts: [{ id: 17, title: 'Pack Talk' }],
          meta: { pagination: { page: 1, perPage: 1, totalPages: 3, totalCount: 3 } },
        }),
      ),
    );
    await renderSite('/about/publishers');
    await screen.findByRole('heading', { level: 1, name: 'For Publishers' });
    expect(screen.getByRole('link', { name: 'Submit your website' }).getAttribute('href')).toBe('/contact/3');
    const snippets = [...document.querySelectorAll('pre code')].map((c) => c.textContent);
    expect(snippets[0]).toContain(`src="${window.location.origin}/widgets/headline.js"`);
    expect(snippets[0]).toContain('data-team="nfl/green-bay-packers"');
    expect(snippets[1]).toContain(`src="${window.location.origin}/widgets/player.js"`);
    // A podcast that exists, not a made-up id (issue 48: "42" showed "no longer available").
    await waitFor(() =>
      expect(document.querySelectorAll('pre code')[1]?.textContent).toContain('data-podcast="17"'),
    );
  });
});
