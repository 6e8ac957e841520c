#!/usr/bin/env node
// Runs the server suite a second time, on a real PostgreSQL server, when CI_POSTGRES_URL is set
// (.ci/run starts one). The first run (`npm run test:unit`) is on the embedded PGlite. The URL is
// handed to the suite as TEST_DATABASE_URL for this child only, so the PGlite run never sees it.
// CI_REDIS_URL (.ci/run starts a redis-server too) goes along: in this run the two-process test
// (src/__tests__/two-processes.test.ts) starts two servers on this PostgreSQL and that Redis.
import { spawnSync } from 'node:child_process';

const url = process.env.CI_POSTGRES_URL;
if (!url) {
  console.log(
    '[test:server:pg] CI_POSTGRES_URL is not set: the PostgreSQL run of the server suite is skipped (.ci/run sets it).',
  );
  process.exit(0);
}
if (!process.env.CI_REDIS_URL) {
  console.log(
    '[test:server:pg] CI_REDIS_URL is not set: the Redis tests start their own redis-server when one is installed.',
  );
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
