// The OPML export with nothing to export (issue 47's conformance run found it answering 500): a
// database whose sources are all removed still exports a valid, empty OPML document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { exportOpml } from '../opml-export.js';
import { importOpml } from '../opml-import.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.query('UPDATE sources SET removed_at = now()');
}, 60_000);
afterAll(async () => {
  await testDb?.dispose();
});

describe('exportOpml', () => {
  it('exports an empty document, not an error, when no source is left', async () => {
    const opml = await exportOpml(testDb.db, new Date('2026-12-03T12:00:00Z'));
    expect(opml).toContain('<opml version="2.0">');
    expect(opml).toContain('<title>SportSpyder sources</title>');
    expect(opml).not.toContain('<outline');
    // Importing it back reads it as OPML and adds nothing.
    expect(await importOpml(testDb.db, opml)).toEqual({ created: [], existing: [], failed: [] });
  });
});
