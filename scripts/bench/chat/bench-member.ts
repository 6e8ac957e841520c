// The chat benchmark's members: accounts signed up through the real API (the local captcha token,
// then the chat rules accepted through `PUT api/v1/session`), each with its own cookies and CSRF token,
// so the bench posts messages exactly as the site does. Sessions live in the database, so a member stays
// signed in across a server restart (the fault run).

/** The token the server's local captcha verifier accepts (packages/server/src/accounts/captcha.ts). */
const LOCAL_CAPTCHA_TOKEN = 'local-captcha-ok';
const CSRF_COOKIE = 'sportspyder_csrf';

/** A signed-in member: its cookies and a fetch that sends them (and the CSRF header). */
export class BenchMember {
  private readonly cookies = new Map<string, string>();

  constructor(
    /** The username. */
    readonly username: string,
    /** Where the server is (changes nothing across a restart on the same port). */
    private readonly baseUrl: string,
  ) {}

  /** Sends a request with the member's cookies; JSON body when given. */
  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 1) continue;
      const value = pair.slice(at + 1);
      if (value === '') this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return response;
  }

  /** Posts a message to a chat channel; answers the status and the message id (201) or null. */
  async post(channelId: number, content: string): Promise<{ status: number; id: number | null }> {
    const response = await this.request('POST', `/api/v1/channels/${channelId}/messages`, { content });
    const body = (await response.json().catch(() => null)) as { message?: { id: number } } | null;
    return { status: response.status, id: response.status === 201 ? (body?.message?.id ?? null) : null };
  }
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  await response.arrayBuffer();
}

/** Signs up one member and accepts the chat rules. */
export async function signUpMember(baseUrl: string, username: string): Promise<BenchMember> {
  const member = new BenchMember(username, baseUrl);
  await expectStatus(await member.request('GET', '/api/v1/session'), 200, 'GET session');
  await expectStatus(
    await member.request('POST', '/api/v1/users', {
      username,
      email: `${username}@bench.example`,
      password: 'bench-chat-password',
      recaptcha: LOCAL_CAPTCHA_TOKEN,
    }),
    201,
    'sign-up',
  );
  await expectStatus(
    await member.request('PUT', '/api/v1/session', { chatAcceptedRules: true }),
    200,
    'accepting the chat rules',
  );
  return member;
}

/** Signs up `count` members, a few at a time (password hashing is the slow part). */
export async function signUpMembers(baseUrl: string, count: number, prefix: string): Promise<BenchMember[]> {
  const members: BenchMember[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) =>
      signUpMember(baseUrl, `${prefix}${i + j}`),
    );
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

/**
 * Hands out members in turn so no one posts within the server's send cooldown (5 s): with `members`
 * of them and one post every `intervalMs`, each member posts every `members × intervalMs`.
 */
export class MemberRotation {
  private next = 0;

  constructor(private readonly members: readonly BenchMember[]) {}

  /** The member whose turn it is. */
  take(): BenchMember {
    const member = this.members[this.next % this.members.length] as BenchMember;
    this.next += 1;
    return member;
  }
}
