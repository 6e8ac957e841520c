// The captcha adapters: the local verifier takes only its token; reCAPTCHA v3 is asked over HTTP (a
// real server on loopback stands in for Google's siteverify) and needs success, the 'submit' action
// and a score at or above the configured threshold.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaFor, LOCAL_CAPTCHA_TOKEN, LocalCaptchaVerifier, RecaptchaV3Verifier } from '../captcha.js';

let server: Server;
let endpoint: string;
const requests: URLSearchParams[] = [];
let answer: Record<string, unknown> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push(new URLSearchParams(body));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('LocalCaptchaVerifier', () => {
  it('accepts only the local token', async () => {
    const local = new LocalCaptchaVerifier();
    expect(await local.verify(LOCAL_CAPTCHA_TOKEN)).toBe(true);
    expect(await local.verify('anything else')).toBe(false);
    expect(captchaFor({ recaptchaSecret: undefined, recaptchaMinScore: 0.5 })).toBeInstanceOf(
      LocalCaptchaVerifier,
    );
  });
});

describe('RecaptchaV3Verifier', () => {
  const verifier = () => new RecaptchaV3Verifier({ secret: 's3cret', minScore: 0.7, endpoint });

  it('sends the secret, the token and the address, and accepts a good score for the submit action', async () => {
    answer = { success: true, score: 0.9, action: 'submit' };
    expect(await verifier().verify('token-1', '203.0.113.9')).toBe(true);
    const sent = requests.at(-1);
    expect(sent?.get('secret')).toBe('s3cret');
    expect(sent?.get('response')).toBe('token-1');
    expect(sent?.get('remoteip')).toBe('203.0.113.9');
  });

  it('refuses a low score, another action, a failed check, and an unreachable service', async () => {
    answer = { success: true, score: 0.69, action: 'submit' };
    expect(await verifier().verify('t')).toBe(false);
    answer = { success: true, score: 0.9, action: 'login' };
    expect(await verifier().verify('t')).toBe(false);
    answer = { success: false, 'error-codes': ['invalid-input-response'] };
    expect(await verifier().verify('t')).toBe(false);
    const down = new RecaptchaV3Verifier({
      secret: 's',
      minScore: 0.5,
      endpoint: 'http://127.0.0.1:1/x',
      timeoutMs: 500,
    });
    expect(await down.verify('t')).toBe(false);
    expect(captchaFor({ recaptchaSecret: 'k', recaptchaMinScore: 0.3 })).toBeInstanceOf(RecaptchaV3Verifier);
  });
});
