/**
 * One response serializer per response schema, not per route and status. Fastify compiles a
 * fast-json-stringify serializer for every status code of every route's `schema.response`, and again
 * for the HEAD twin of every GET. The app asks for 611 of them, but only 129 distinct schema objects
 * (every route's 4xx answers are the contract's one `ErrorList`, the news lists share `ArticleList`), so
 * 482 identical serializers were generated, each with its own source text, closures and compiled code,
 * and kept for the process's life: 10 MB of the web process's 67 MB heap, which each of V8's full
 * collections walks (`docs/decisions/performance-and-caching.md`, "One serializer per response schema").
 *
 * The factory below wraps Fastify's own (`@fastify/fast-json-stringify-compiler`, the one it uses by
 * default) and keeps what it built by schema object: a route whose status answers the same schema object
 * as another gets that serializer. What a serializer writes depends on its schema and the factory's
 * options only, never on the route, so answers are byte for byte the same.
 * @module
 */
import SerializerSelector, {
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/**
 * A serializer factory for Fastify's `schemaController.compilersFactory.buildSerializer` that builds
 * each response schema's serializer once (per set of shared schemas, as Fastify asks for one factory
 * per scope that added schemas).
 *
 * @example
 * ```ts
 * Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } } });
 * ```
 */
export function sharedSerializers(inner: SerializerFactory = SerializerSelector()): SerializerFactory {
  return (externalSchemas, options) => {
    const build = inner(externalSchemas, options);
    const built = new WeakMap<object, Serializer>();
    return (route) => {
      const { schema } = route;
      // Anything but an object schema (never in the contract) is built as Fastify would, unkept.
      if (typeof schema !== 'object' || schema === null) return build(route);
      let serializer = built.get(schema);
      if (serializer === undefined) {
        serializer = build(route);
        built.set(schema, serializer);
      }
      return serializer;
    };
  };
}
