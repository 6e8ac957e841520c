/**
 * `@sportspyder/core/testing`: test doubles for code built on the core client: an in-memory
 * storage, a fake cable with the realtime interface, and the Node shims for the real
 * `@rails/actioncable` consumer.
 *
 * @example
 * ```ts
 * import { createClient } from '@sportspyder/core';
 * import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
 *
 * const cable = createFakeCable();
 * const client = createClient({ baseUrl: 'http://localhost', storage: memoryStorage(), realtime: cable });
 * ```
 * @module @sportspyder/core/testing
 */

export * from '../player/testing/index.js';
export { memoryStorage } from '../storage.js';
export * from './action-cable-node.js';
export * from './fake-cable.js';
