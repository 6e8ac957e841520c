// The setup the settings pages' tests share (alerts, spoiler shield): the msw server for the whole file,
// a member following the Packers and the Lakers signed in before each test, and the page and the
// handlers a test added cleared after it.
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { backend, lakers, makeUser, packers, server, signedInSession } from './fixtures.js';

/**
 * Registers the hooks of a settings page's test file; `afterEachTest` runs after the shared teardown
 * (e.g. to undo stubbed browser globals).
 */
export function setUpSettingsTests(afterEachTest?: () => void): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    backend.session = signedInSession(
      makeUser({
        followingTeams: [
          { id: 1, teamId: packers.id },
          { id: 2, teamId: lakers.id },
        ],
      }),
    );
    backend.requests = [];
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    afterEachTest?.();
  });
}
