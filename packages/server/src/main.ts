/**
 * The server's command line entry (`node dist/main.js`): starts everything, prints the URL and the demo
 * credentials, and shuts down gracefully on SIGTERM/SIGINT.
 * @module
 */
import { DEMO_ACCOUNTS } from './seed/demo-accounts.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const server = await startServer();
  const { url, app } = server;
  console.log(`\nSportSpyder is running at ${url}`);
  console.log('Demo accounts (e-mail / password):');
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.role.padEnd(11)} ${account.email} / ${account.password}`);
  }
  console.log('');

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

main().catch((error: unknown) => {
  console.error('SportSpyder failed to start:', error);
  process.exit(1);
});
