/**
 * The ingestion scheduler: leases on due sources and the in-process loop that ingests them.
 * @module
 */
export * from './source-lease.js';
export * from './start-ingest-scheduler.js';
export * from './start-server-ingest.js';
