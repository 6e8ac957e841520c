/**
 * The error of a batch whose clustering read a story that another worker's repair of split stories
 * (`merge-split-stories.ts`) joined into another and deleted before the batch could lock it. The batch
 * is stored again (`ingest-feeds.ts`): its next read finds the story its lead is in now. Its `code` is
 * PostgreSQL's serialization failure, the code of a transaction to run again.
 * @module
 */

/** A story read by a batch's clustering was joined into another before the batch locked it. */
export class StoryRaceError extends Error {
  /** SQLSTATE 40001 (serialization_failure). */
  readonly code = '40001';

  constructor() {
    super('A story this batch adds to was joined into another meanwhile');
    this.name = 'StoryRaceError';
  }
}
