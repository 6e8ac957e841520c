/**
 * Builds apps for tests (silent logger, test version, no site unless given) and a small cookie jar for
 * `app.inject()` so sign-in flows read like a browser's.
 * @module
 */
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type ContentOptions, type SportSpyderApp } from '../../app.js';
import { loadConfig, type ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';

/** The version tests expect in sessions. */
export const TEST_VERSION = 'test-version';

/**
 * The tests' server configuration: no site, widgets or docs folders, the page cache off, a fixed origin;
 * the environment is ignored so the machine's variables cannot leak in. Tests that build the app
 * themselves (their own logger) start from it.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      siteDir: '/nonexistent-site',
      widgetsDir: '/nonexistent-widgets',
      docsDir: '/nonexistent-docs',
      version: TEST_VERSION,
      // Tests write rows straight to the database, behind the page cache's back: it is off unless a
      // test turns it on.
      responseCacheTtlMs: 0,
      // Absolute URLs in answers (meta.rss, RSS links) are built on this origin.
      publicOrigin: 'http://sportspyder.test',
      ...overrides,
    },
  );
}

/** Builds a test app on `db` with {@link testConfig}. */
export function buildTestApp(
  db: Database,
  overrides: Partial<ServerConfig> = {},
  content: ContentOptions = {},
): Promise<SportSpyderApp> {
  return buildApp({ db, config: testConfig(overrides), logger: false, content });
}

/** A browser-like cookie jar for injected requests. */
export class CookieJar {
  /** Cookies by name. */
  readonly cookies = new Map<string, string>();

  /** Stores the cookies a response sets (and forgets cleared ones). */
  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** The Cookie header value. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Injects a request with the jar's cookies (and the CSRF header unless `csrf: false`), storing new cookies. */
  async request(
    app: SportSpyderApp,
    options: {
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean;
    },
  ): Promise<LightMyRequestResponse> {
    const csrf = this.cookies.get('sportspyder_csrf');
    const response = await app.inject({
      method: options.method,
      url: options.url,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: {
        ...(this.cookies.size > 0 ? { cookie: this.header() } : {}),
        ...(options.csrf !== false && csrf ? { 'x-csrf-token': csrf } : {}),
        ...options.headers,
      },
    });
    this.store(response);
    return response;
  }

  /** Loads the session (to get the CSRF cookie) and signs in. */
  async signIn(app: SportSpyderApp, username: string, password: string): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('sportspyder_csrf'))
      await this.request(app, { method: 'GET', url: '/api/v1/session' });
    return this.request(app, {
      method: 'POST',
      url: '/api/v1/session',
      payload: { username, password, hash: 'h1' },
    });
  }
}
