// Reads the hand-written feed fixtures of packages/server/test-fixtures/feeds for the tests.
import { readFileSync } from 'node:fs';

const dir = new URL('../../../../test-fixtures/feeds/', import.meta.url);

/** The text of one fixture file. */
export function fixture(name: string): string {
  return readFileSync(new URL(name, dir), 'utf8');
}

/** The fixed "now" of the parsing tests: after every fixture date except the future one. */
export const NOW = new Date('2026-11-22T00:00:00Z');
