// Installs Debian packages with apt-get when a program the tests need is missing (as root, or through
// sudo): the browser tests' Chromium (scripts/ensure-chromium) and the closed-loop load's wrk
// (scripts/ensure-wrk). Nothing is ever downloaded from elsewhere: this machine reaches only the npm
// registry and Debian's apt.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Exits the process with 1 and a message when `path` is still missing after installing `packages`;
 * returns at once when it is there.
 */
export function ensureApt(label, path, packages) {
  if (existsSync(path)) return;
  console.log(`[${label}] ${path} is missing: installing ${packages.join(' ')} with apt-get`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    execFileSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  try {
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
  } catch (error) {
    console.error(`[${label}] could not install ${packages.join(' ')}: ${error.message}`);
    process.exit(1);
  }
  if (!existsSync(path)) {
    console.error(`[${label}] apt-get finished but ${path} is still missing`);
    process.exit(1);
  }
}
