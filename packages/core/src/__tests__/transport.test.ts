// The transport rules of spec 1 §7 and §2.2, checked at the network level with msw.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../errors.js';
import { api, BASE, makeClient, server } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('headers and credentials', () => {
  it('sends the CSRF cookie value as X-CSRF-Token on POST, PUT, PATCH and DELETE', async () => {
    const seen: (string | null)[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push(request.headers.get('X-CSRF-Token'));
      return HttpResponse.json({ ok: true });
    };
    server.use(http.post(api('x'), record), http.put(api('x'), record), http.patch(api('x'), record));
    server.use(http.delete(api('x'), record));
    const { client } = makeClient({ cookies: () => 'other=1; sportspyder_csrf=tok%2Fen; x=2' });
    await client.api.post('api/v1/x', { a: 1 });
    await client.api.put('api/v1/x', { a: 1 });
    await client.api.patch('api/v1/x', { a: 1 });
    await client.api.delete('api/v1/x');
    expect(seen).toEqual(['tok/en', 'tok/en', 'tok/en', 'tok/en']);
  });

  it('does not send the CSRF header on GET', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get(api('x'), ({ request }) => {
        header = request.headers.get('X-CSRF-Token');
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = makeClient({ cookies: () => 'sportspyder_csrf=abc' });
    await client.api.get('api/v1/x');
    expect(header).toBeNull();
  });

  it('sends JSON bodies and parses JSON answers', async () => {
    server.use(
      http.post(api('echo'), async ({ request }) =>
        HttpResponse.json({ got: await request.json(), type: request.headers.get('Content-Type') }),
      ),
    );
    const { client } = makeClient();
    await expect(client.api.post('api/v1/echo', { name: 'Packers' })).resolves.toEqual({
      got: { name: 'Packers' },
      type: 'application/json',
    });
  });

  it('sends X-Skip-Limit with the flag value on every request only when the page URL has skiplimit', async () => {
    const seen: (string | null)[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push(request.headers.get('X-Skip-Limit'));
      return HttpResponse.json({});
    };
    server.use(http.get(api('x'), record), http.post(api('x'), record));
    let href = `${BASE}/nfl?skiplimit=SECRET`;
    const { client } = makeClient({ location: () => href });
    await client.api.get('api/v1/x');
    await client.api.post('api/v1/x', {});
    href = `${BASE}/nfl`;
    await client.api.get('api/v1/x');
    expect(seen).toEqual(['SECRET', 'SECRET', null]);
  });

  it('sends credentials: include on every request', async () => {
    const credentials: (RequestCredentials | undefined)[] = [];
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      credentials.push(init?.credentials);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { client } = makeClient({ fetch: fetchSpy as typeof fetch });
    await client.api.get('api/v1/session');
    await client.api.post('api/v1/session', {});
    expect(credentials).toEqual(['include', 'include']);
  });

  it('calls same-origin paths by default and appends query params', async () => {
    const urls: string[] = [];
    const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response('{}', { status: 200 });
    });
    const { client } = makeClient({
      baseUrl: '',
      location: () => 'https://sportspyder.example/nfl/packers?x=1',
      fetch: fetchSpy as typeof fetch,
    });
    await client.api.get('api/v1/sports', { query: { includes: 'teams', page: undefined, ids: [1, 2] } });
    expect(urls).toEqual(['https://sportspyder.example/api/v1/sports?includes=teams&ids=1&ids=2']);
  });

  it('falls back to root-relative URLs when the page has no origin', async () => {
    const urls: string[] = [];
    const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response('{}', { status: 200 });
    });
    const { client } = makeClient({
      baseUrl: '',
      location: () => 'about:blank',
      fetch: fetchSpy as typeof fetch,
    });
    await client.api.get('/api/v1/session', { query: { a: 1 } });
    expect(urls).toEqual(['/api/v1/session?a=1']);
  });
});

describe('error routing', () => {
  it('calls onNotFound on a 404 and still rejects with the ApiError', async () => {
    server.use(
      http.get(api('teams/nope'), () =>
        HttpResponse.json({ errors: [{ title: 'Team not found', code: 'not_found' }] }, { status: 404 }),
      ),
    );
    const onNotFound = vi.fn();
    const { client } = makeClient({ onNotFound });
    const error = await client.api.get('api/v1/teams/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect(onNotFound).toHaveBeenCalledTimes(1);
    expect(onNotFound).toHaveBeenCalledWith(error);
  });

  it('uses the handlers set after creation', async () => {
    server.use(http.get(api('gone'), () => HttpResponse.json({ errors: [] }, { status: 404 })));
    const first = vi.fn();
    const later = vi.fn();
    const { client } = makeClient({ onNotFound: first });
    client.setHandlers({ onNotFound: later });
    await expect(client.api.get('api/v1/gone')).rejects.toBeInstanceOf(ApiError);
    expect(first).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('calls onRateLimited with the Retry-After seconds on a 429 and rejects', async () => {
    server.use(
      http.get(api('x'), () =>
        HttpResponse.json(
          { errors: [{ title: 'Too many requests', code: 'rate_limited' }] },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    const onRateLimited = vi.fn();
    const onNotFound = vi.fn();
    const { client } = makeClient({ onRateLimited, onNotFound });
    const error = (await client.api.get('api/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(onRateLimited).toHaveBeenCalledWith(42, error);
    expect(onNotFound).not.toHaveBeenCalled();
  });

  it('rethrows other errors as ApiError with the error list and touches no handler', async () => {
    server.use(
      http.post(api('session'), () =>
        HttpResponse.json(
          {
            errors: [{ title: 'Invalid email or password', code: 'invalid_credentials', field: 'password' }],
          },
          { status: 422 },
        ),
      ),
      http.get(api('boom'), () =>
        HttpResponse.json({ errors: [{ title: 'Server error', code: 'server_error' }] }, { status: 500 }),
      ),
    );
    const onNotFound = vi.fn();
    const onRateLimited = vi.fn();
    const { client } = makeClient({ onNotFound, onRateLimited });
    const invalid = (await client.api.post('api/v1/session', {}).catch((e: unknown) => e)) as ApiError;
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid.status).toBe(422);
    expect(invalid.firstError).toEqual({
      title: 'Invalid email or password',
      code: 'invalid_credentials',
      field: 'password',
    });
    expect(invalid.errorFor('password')?.code).toBe('invalid_credentials');
    expect(invalid.message).toBe('Invalid email or password');
    const boom = (await client.api.get('api/v1/boom').catch((e: unknown) => e)) as ApiError;
    expect(boom.status).toBe(500);
    expect(boom.errors).toEqual([{ title: 'Server error', code: 'server_error' }]);
    expect(onNotFound).not.toHaveBeenCalled();
    expect(onRateLimited).not.toHaveBeenCalled();
  });

  it('makes up an error item when the answer has no error list', async () => {
    server.use(http.get(api('html'), () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    const { client } = makeClient();
    const error = (await client.api.get('api/v1/html', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.errors).toHaveLength(1);
    expect(error.firstError.code).toBe('server_error');
  });

  it('turns a failed connection into a NetworkError, not an ApiError', async () => {
    server.use(http.get(api('x'), () => HttpResponse.error()));
    const { client } = makeClient();
    const error = await client.api.get('api/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('retries', () => {
  it('retries a GET after network failures with exponential backoff', async () => {
    let calls = 0;
    server.use(
      http.get(api('flaky'), () => {
        calls++;
        return calls < 3 ? HttpResponse.error() : HttpResponse.json({ ok: true });
      }),
    );
    const { client, sleep } = makeClient();
    await expect(client.api.get('api/v1/flaky')).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([300, 600]);
  });

  it('gives up after the configured attempts with a NetworkError', async () => {
    let calls = 0;
    server.use(
      http.get(api('down'), () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const { client } = makeClient({ retry: { attempts: 4, baseDelayMs: 10 } });
    await expect(client.api.get('api/v1/down')).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(4);
  });

  it('does not retry an HTTP error such as 503', async () => {
    let calls = 0;
    server.use(
      http.get(api('busy'), () => {
        calls++;
        return HttpResponse.json(
          { errors: [{ title: 'Unavailable', code: 'server_error' }] },
          { status: 503 },
        );
      }),
    );
    const { client, sleep } = makeClient();
    await expect(client.api.get('api/v1/busy')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('never retries a POST, even on network failure', async () => {
    let calls = 0;
    server.use(
      http.post(api('views'), () => {
        calls++;
        return HttpResponse.error();
      }),
    );
    const { client } = makeClient();
    await expect(client.api.post('api/v1/views', { path: '/' })).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(1);
  });

  it('does not retry an aborted GET', async () => {
    let calls = 0;
    server.use(
      http.get(api('slow'), async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({});
      }),
    );
    const { client } = makeClient();
    const controller = new AbortController();
    const pending = client.api.get('api/v1/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(calls).toBeLessThanOrEqual(1);
  });
});

describe('a body cut off', () => {
  // A browser errors the body stream of an aborted or broken answer; here the stream is errored by hand.
  function halfAnswer() {
    let cut!: (reason: unknown) => void;
    let started!: () => void;
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    server.use(
      http.get(api('big'), () => {
        const body = new ReadableStream<Uint8Array>({
          start(stream) {
            stream.enqueue(new TextEncoder().encode('{"sources": ['));
            cut = (reason) => stream.error(reason);
            started();
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
      }),
    );
    return { begun, cut: (reason: unknown) => cut(reason) };
  }

  it('rejects with the abort, never resolves to undefined, when aborted while the body arrives', async () => {
    const answer = halfAnswer();
    const { client } = makeClient();
    const controller = new AbortController();
    const pending = client.api.get('api/v1/big', { signal: controller.signal });
    await answer.begun;
    controller.abort();
    answer.cut(controller.signal.reason);
    await expect(pending).rejects.toBe(controller.signal.reason);
  });

  it('rejects with a NetworkError when the network drops the body of a 200', async () => {
    const answer = halfAnswer();
    const { client } = makeClient();
    const pending = client.api.get('api/v1/big');
    await answer.begun;
    answer.cut(new TypeError('terminated'));
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });
});

it('resolves an empty answer to undefined', async () => {
  server.use(http.delete(`${BASE}/api/v1/thing`, () => new HttpResponse(null, { status: 204 })));
  const { client } = makeClient();
  await expect(client.api.delete('api/v1/thing')).resolves.toBeUndefined();
});
