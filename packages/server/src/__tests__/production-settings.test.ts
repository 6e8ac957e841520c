// Production refuses unsafe settings (issue 47): each refusal with the variable named, the CAPTCHA=off
// warning at every start, nothing checked outside production, and `main.ts` exiting non-zero with the
// reasons and no stack trace.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { packageRoot } from '../paths.js';
import { CAPTCHA_OFF_WARNING, reviewSettings, UnsafeSettingsError } from '../production-settings.js';
import { startServer } from '../server.js';

/** A production environment with every setting safe; each test takes one away. */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  RECAPTCHA_SECRET: 'recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
  CSRF_SECRET: 'c'.repeat(64),
  PUBLIC_ORIGIN: 'https://sportspyder.example',
};

function review(env: Record<string, string | undefined>) {
  return reviewSettings(loadConfig(env), env);
}

function without(name: string, extra: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = { ...SAFE, ...extra };
  delete env[name];
  return env;
}

describe('reviewSettings in production', () => {
  it('accepts a safe configuration', () => {
    expect(review(SAFE)).toEqual({ errors: [], warnings: [] });
    expect(review({ ...SAFE, WEB_CONCURRENCY: '4', REDIS_URL: 'redis://127.0.0.1:6379' }).errors).toEqual([]);
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(review({ ...SAFE, ...stripe }).errors).toEqual([]);
  });

  it('refuses no RECAPTCHA_SECRET unless CAPTCHA=off, which is a warning', () => {
    const { errors } = review(without('RECAPTCHA_SECRET'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^RECAPTCHA_SECRET is not set/);
    expect(errors[0]).toContain('CAPTCHA=off');
    expect(review(without('RECAPTCHA_SECRET', { CAPTCHA: 'off' }))).toEqual({
      errors: [],
      warnings: [CAPTCHA_OFF_WARNING],
    });
    expect(review(without('RECAPTCHA_SITE_KEY')).errors[0]).toMatch(/RECAPTCHA_SITE_KEY/);
  });

  it('refuses no CSRF_SECRET when more than one process runs', () => {
    expect(review(without('CSRF_SECRET')).errors).toEqual([]);
    const cluster = review(without('CSRF_SECRET', { WEB_CONCURRENCY: '2' })).errors;
    expect(cluster).toHaveLength(1);
    expect(cluster[0]).toMatch(/^CSRF_SECRET is not set and WEB_CONCURRENCY=2/);
    const redis = review(without('CSRF_SECRET', { REDIS_URL: 'redis://127.0.0.1:6379' })).errors;
    expect(redis[0]).toMatch(/^CSRF_SECRET is not set and REDIS_URL is set/);
  });

  it('refuses Stripe keys without STRIPE_WEBHOOK_SECRET', () => {
    const { errors } = review({ ...SAFE, STRIPE_SECRET_KEY: 'sk_live_x' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses an http: PUBLIC_ORIGIN, or none (its default is http://localhost)', () => {
    expect(review({ ...SAFE, PUBLIC_ORIGIN: 'http://sportspyder.example' }).errors[0]).toMatch(
      /^PUBLIC_ORIGIN is http:\/\/sportspyder\.example: links .* must use https/,
    );
    expect(review(without('PUBLIC_ORIGIN')).errors[0]).toMatch(/^PUBLIC_ORIGIN is http:\/\/localhost:8080/);
  });

  it('lists every problem at once', () => {
    const env = { NODE_ENV: 'production', WEB_CONCURRENCY: '2', STRIPE_SECRET_KEY: 'sk_x' };
    expect(review(env).errors.map((e) => e.split(' ')[0])).toEqual([
      'RECAPTCHA_SECRET',
      'CSRF_SECRET',
      'STRIPE_SECRET_KEY',
      'PUBLIC_ORIGIN',
    ]);
  });

  it('checks nothing outside production', () => {
    expect(review({ NODE_ENV: 'development', WEB_CONCURRENCY: '2', STRIPE_SECRET_KEY: 'sk_x' })).toEqual({
      errors: [],
      warnings: [],
    });
  });
});

describe('the server start', () => {
  it('startServer throws before opening anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sportspyder-unsafe-'));
    try {
      await expect(
        startServer({ env: without('RECAPTCHA_SECRET', { DATA_DIR: dataDir }), logger: false }),
      ).rejects.toBeInstanceOf(UnsafeSettingsError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('main.ts exits non-zero with the reasons and no stack trace', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sportspyder-unsafe-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(packageRoot(), 'src', 'main.ts')], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('SportSpyder refuses to start with NODE_ENV=production');
      expect(run.stderr).toContain('RECAPTCHA_SECRET is not set');
      expect(run.stderr).toContain('PUBLIC_ORIGIN is http://localhost');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the jobs process (worker.ts) refuses the same settings before it opens the database', () => {
    // The database address leads nowhere: a worker that got as far as connecting would fail otherwise.
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(packageRoot(), 'src', 'worker.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SportSpyder refuses to start with NODE_ENV=production');
    expect(run.stderr).toContain('PUBLIC_ORIGIN is http://localhost');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
