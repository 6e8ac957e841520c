/**
 * The sample nginx configuration of docs/deploy.md, run for real in front of the multi-process tests
 * when nginx is installed (`.ci/run` installs Debian's nginx-light). The sample is read from the
 * document itself, so the test checks what operators copy: its `upstream` servers become the test's web
 * processes and its two `listen` ports free loopback ports. Only the TLS lines are left out (a test has
 * no certificate), so the HTTPS server block serves plain HTTP with the same locations, upstream and
 * retry rules. Where nginx is missing, `startRoundRobinProxy` does the same in Node.
 * @module
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProxy } from './round-robin-proxy.js';

const DEPLOY_DOC = new URL('../../../../../docs/deploy.md', import.meta.url);

/** The nginx binary on this machine, or null. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', 'nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/** The first ```nginx block of docs/deploy.md: the sample configuration. */
export function deploySampleConfig(): string {
  const sample = /```nginx\n([\s\S]*?)```/.exec(readFileSync(DEPLOY_DOC, 'utf8'))?.[1];
  if (!sample) throw new Error('docs/deploy.md has no nginx sample');
  return sample;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The sample, made to run here: its upstream servers replaced by `upstreams` (`http://host:port`, in
 * order), `listen 80` and `listen 443 ...` by the given ports, the certificate lines dropped. Throws
 * when the sample no longer has the lines it rewrites, so a change to the document is noticed.
 */
export function runnableSample(
  sample: string,
  upstreams: string[],
  ports: { redirect: number; main: number },
) {
  const servers = [...sample.matchAll(/^(\s*)server \d+\.\d+\.\d+\.\d+:\d+(.*);$/gm)];
  if (servers.length !== upstreams.length) {
    throw new Error(`the sample names ${servers.length} upstream servers, the test has ${upstreams.length}`);
  }
  let config = sample;
  servers.forEach((match, i) => {
    const host = new URL(upstreams[i] as string).host;
    config = config.replace(match[0], `${match[1]}server ${host}${match[2]};`);
  });
  const rewrites: [RegExp, string][] = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${ports.redirect};`],
    [/^(\s*)listen 443 ssl[^;]*;.*$/m, `$1listen 127.0.0.1:${ports.main};`],
    [/^\s*ssl_certificate(_key)? .*\n/gm, ''],
  ];
  for (const [pattern, replacement] of rewrites) {
    if (!pattern.test(config)) throw new Error(`the nginx sample has no line matching ${pattern}`);
    config = config.replace(pattern, replacement);
  }
  return config;
}

/**
 * Starts nginx with the sample in front of `upstreams`; answers where it listens and which upstream
 * answered each request (from nginx's access log).
 */
export async function startNginxProxy(nginx: string, upstreams: string[]): Promise<TestProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'sportspyder-nginx-'));
  const ports = { redirect: await freePort(), main: await freePort() };
  const log = join(dir, 'upstreams.log');
  // Everything nginx writes stays in `dir` (it runs unprivileged, in the foreground).
  writeFileSync(
    join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events {}
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstreams '$upstream_addr $upstream_status $status';
  access_log ${log} upstreams;
${runnableSample(deploySampleConfig(), upstreams, ports)}
}
`,
  );
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${ports.main}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`${url}/nginx-ready`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    answered() {
      // `$upstream_addr` lists every upstream tried ("a, b" after a retry); the last one answered.
      const counts = new Map(upstreams.map((u) => [u, 0]));
      for (const line of readFileSync(log, 'utf8').split('\n')) {
        const addresses = line.split(' ').filter((part) => /^\d+\.\d+\.\d+\.\d+:\d+,?$/.test(part));
        const last = addresses.at(-1)?.replace(',', '');
        const upstream = upstreams.find((u) => new URL(u).host === last);
        if (upstream) counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
      }
      return counts;
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
