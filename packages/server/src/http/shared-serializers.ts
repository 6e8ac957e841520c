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
 *
 * A schema's unions (`anyOf`: a nullable field, an item of one kind or another) are checked by Ajv
 * validators that fast-json-stringify compiles on the first answer reaching them: 50-300 ms of the
 * thread per list schema (the sports' feeds 291 ms, top stories 138 ms, measured at start). For the
 * schemas that `eager` names they are compiled with the serializer, before the server listens: the
 * public pages' lists, which the warm-up (`warm-public-reads.ts`) reads while a fresh database is still
 * empty, so no item reached them, and the first visitors of a first start paid for the compiling while
 * answers already cached waited behind it (the catalogue replay's first second: 14 answers of 150-640
 * ms). Not for every schema: the 72 with unions cost 3.4 s of start and 30-50 MB of heap.
 * @module
 */
import SerializerSelector, {
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/** What Fastify tells a serializer factory of the route it builds for. */
export interface SerializedRoute {
  method: string;
  url: string;
  httpStatus: string;
}

/**
 * A serializer factory for Fastify's `schemaController.compilersFactory.buildSerializer` that builds
 * each response schema's serializer once (per set of shared schemas, as Fastify asks for one factory
 * per scope that added schemas). `eager` names the routes whose schemas' validators are compiled at
 * once (see the module comment).
 *
 * @example
 * ```ts
 * Fastify({ schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } } });
 * ```
 */
export function sharedSerializers(
  inner: SerializerFactory = SerializerSelector(),
  eager: (route: SerializedRoute) => boolean = () => false,
): SerializerFactory {
  return (externalSchemas, options) => {
    const build = inner(externalSchemas, options);
    // fast-json-stringify's `compileValidators` (its types do not name it yet).
    const buildEager = inner(externalSchemas, { ...options, compileValidators: true } as typeof options);
    const built = new WeakMap<object, { serializer: Serializer; eager: boolean }>();
    return (route) => {
      const { schema } = route;
      // Anything but an object schema (never in the contract) is built as Fastify would, unkept.
      if (typeof schema !== 'object' || schema === null) return build(route);
      const wanted = eager(route);
      let found = built.get(schema);
      // A schema first built for another route is built again, eagerly, for an eager one; the routes after
      // it share that build.
      if (found === undefined || (wanted && !found.eager)) {
        found = { serializer: wanted ? buildEager(route) : build(route), eager: wanted };
        built.set(schema, found);
      }
      return found.serializer;
    };
  };
}
