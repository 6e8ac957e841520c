// Core API keys: the list, a create that sends `{ apiKey: {} }` (or the description) and shows the
// spec's toast with the whole token in its answer, a delete with its toast, and refusals reaching the
// screen as an error (403 without the api flag), never a toast of success.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import { formErrors } from '../../accounts/account-texts.js';
import {
  API_KEY_CREATED_TOAST,
  API_KEY_DELETED_TOAST,
  bearerHeader,
  createApiKey,
  deleteApiKey,
  listApiKeys,
} from '../api-key-resources.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const key = {
  id: 4,
  token: 'ss_abcdefgh…',
  description: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  lastUsedAt: null,
};
const toasts = (client: ReturnType<typeof makeClient>['client']) =>
  client.toasts.getSnapshot().map((t) => t.text);

describe('API keys', () => {
  it('lists the keys', async () => {
    server.use(
      http.get(api('profile/api_keys'), () =>
        HttpResponse.json({
          apiKeys: [key],
          meta: { pagination: { page: 1, perPage: 10, totalPages: 1, totalCount: 1 } },
        }),
      ),
    );
    const { client } = makeClient();
    expect(await listApiKeys(client)).toEqual([key]);
  });

  it("creates a key with an empty apiKey object, answers the whole token and toasts 'API key created'", async () => {
    const bodies: unknown[] = [];
    const token = `ss_${'x'.repeat(43)}`;
    server.use(
      http.post(api('profile/api_keys'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ apiKey: { ...key, token } }, { status: 201 });
      }),
    );
    const { client } = makeClient();
    expect((await createApiKey(client)).token).toBe(token);
    await createApiKey(client, '  my script ');
    expect(bodies).toEqual([{ apiKey: {} }, { apiKey: { description: 'my script' } }]);
    expect(toasts(client)).toContain(API_KEY_CREATED_TOAST);
    expect(bearerHeader(token)).toBe(`Authorization: Bearer ${token}`);
  });

  it("deletes a key and toasts 'Successfully deleted API key'", async () => {
    let deleted = '';
    server.use(
      http.delete(api('profile/api_keys/:id'), ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ apiKey: key });
      }),
    );
    const { client } = makeClient();
    await deleteApiKey(client, 4);
    expect(deleted).toBe('4');
    expect(toasts(client)).toContain(API_KEY_DELETED_TOAST);
  });

  it('rejects a refusal for the error box, without a success toast', async () => {
    const title = 'API access is not enabled for your account.';
    server.use(
      http.post(api('profile/api_keys'), () =>
        HttpResponse.json({ errors: [{ code: 'forbidden', title }] }, { status: 403 }),
      ),
    );
    const { client } = makeClient();
    const error = await createApiKey(client).catch((e: unknown) => e);
    expect(formErrors(error).titles).toContain(title);
    expect(toasts(client)).not.toContain(API_KEY_CREATED_TOAST);
  });
});
