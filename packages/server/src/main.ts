/**
 * The server's command line entry (`node dist/main.js`): starts everything, prints the URL and the demo
 * credentials, and shuts down gracefully on SIGTERM/SIGINT. With WEB_CONCURRENCY > 1 this process becomes
 * the cluster primary and the same file runs in each forked web process (`cluster/web-cluster.ts`).
 * @module
 */
import cluster from 'node:cluster';
import { CLUSTER_PREPARED_ENV, runWebCluster, webConcurrencyFrom } from './cluster/web-cluster.js';
import { UnsafeSettingsError } from './production-settings.js';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.js';
import type { WorldSetting } from './sources/world/world-setting.js';

function printBanner(url: string, world?: WorldSetting | null): void {
  console.log(`\nSportSpyder is running at ${url}`);
  if (world) {
    const what = world.mode === 'real' ? 'the real world (the catalogue of public feeds)' : 'the demo world';
    console.log(`Sources: ${what}: ${world.reason}. SOURCES=real|demo switches.`);
  }
  console.log('Demo accounts (e-mail / password):');
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.role.padEnd(11)} ${account.email} / ${account.password}`);
  }
  console.log('');
}

async function main(): Promise<void> {
  // A forked web process: the primary prepared the data and prints the banner once.
  const inCluster = cluster.isWorker && process.env[CLUSTER_PREPARED_ENV] === '1';
  // Loaded here, not at the top: a cluster primary never serves and stays smaller without the app.
  const { startServer } = await import('./server.js');
  const server = await startServer({ prepared: inCluster });
  const { url, app } = server;
  if (!inCluster) printBanner(url, server.world);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const concurrency = (() => {
  try {
    return webConcurrencyFrom(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
const started =
  cluster.isPrimary && concurrency > 1
    ? runWebCluster({ concurrency, onListening: (port) => printBanner(`http://localhost:${port}`) })
    : main();
started.catch((error: unknown) => {
  // Unsafe production settings are the operator's to fix: their reasons, without a stack trace.
  if (error instanceof UnsafeSettingsError) console.error(error.message);
  else console.error('SportSpyder failed to start:', error);
  process.exit(1);
});
