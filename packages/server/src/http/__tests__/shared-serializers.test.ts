// One response serializer per schema (issue 15): routes that answer the same schema object share the
// serializer Fastify's own compiler built for it, and what they write is what that compiler writes
// (unknown fields left out, integers as integers, the error list as it is).
import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { Type } from '@sinclair/typebox';
import { ErrorList } from '@sportspyder/contract';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedSerializers } from '../shared-serializers.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const Item = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Fastify's own factory, counting the serializers it builds. */
function countingFactory() {
  const counted = { builds: 0 };
  const inner = SerializerSelector();
  const factory: SerializerFactory = (external, options) => {
    const build = inner(external, options);
    return (route) => {
      counted.builds++;
      return build(route);
    };
  };
  return { counted, factory };
}

async function appWith(factory: SerializerFactory) {
  const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: factory } } });
  apps.push(app);
  for (const path of ['/a', '/b', '/c']) {
    app.get(
      path,
      { schema: { response: { 200: Item, 404: ErrorList, 422: ErrorList } } },
      async (request, reply) =>
        'missing' in (request.query as object)
          ? reply.code(404).send({ errors: [{ code: 'not_found', title: 'Not found', secret: 'x' }] })
          : // An integer sent as text (as pg answers bigint) and a field the schema does not name.
            { id: '42', name: `item ${path}`, password_hash: 'never sent' },
    );
  }
  await app.ready();
  return app;
}

describe('sharedSerializers', () => {
  it('builds one serializer per schema object, not one per route and status', async () => {
    const { counted, factory } = countingFactory();
    await appWith(sharedSerializers(factory));
    // Item and ErrorList: 2 builds for 3 routes × 3 statuses, and Fastify's HEAD twin of each GET.
    expect(counted.builds).toBe(2);

    const unshared = countingFactory();
    await appWith(unshared.factory);
    expect(unshared.counted.builds).toBe(18);
  });

  it('writes what Fastify’s own serializer writes', async () => {
    const shared = await appWith(sharedSerializers());
    const plain = await appWith(SerializerSelector());
    for (const url of ['/a', '/b', '/c', '/b?missing=1']) {
      const [ours, theirs] = await Promise.all([shared.inject(url), plain.inject(url)]);
      expect(ours.statusCode).toBe(theirs.statusCode);
      expect(ours.body).toBe(theirs.body);
    }
    const answer = (await shared.inject('/b')).json();
    expect(answer).toEqual({ id: 42, name: 'item /b' });
    expect((await shared.inject('/c?missing=1')).json()).toEqual({
      errors: [{ code: 'not_found', title: 'Not found' }],
    });
  });

  it("compiles the union validators of the routes it is told to, with their serializer, and not the others'", async () => {
    // A nullable field is a union: fast-json-stringify checks each value against it with Ajv.
    const Card = Type.Object({ id: Type.Integer(), note: Type.Union([Type.String(), Type.Null()]) });
    const built: { url: string; compileValidators: boolean }[] = [];
    const inner = SerializerSelector();
    const recording: SerializerFactory = (external, options) => {
      const build = inner(external, options);
      return (route) => {
        built.push({
          url: route.url,
          compileValidators: Boolean((options as { compileValidators?: boolean })?.compileValidators),
        });
        return build(route);
      };
    };
    const app = Fastify({
      schemaController: {
        compilersFactory: { buildSerializer: sharedSerializers(recording, (route) => route.url === '/hot') },
      },
    });
    apps.push(app);
    // The same schema object: first a route that is not eager, then one that is, then another that is not.
    for (const path of ['/cold', '/hot', '/later'])
      app.get(path, { schema: { response: { 200: Card } } }, async () => ({ id: 1, note: null }));
    await app.ready();
    expect(built).toEqual([
      { url: '/cold', compileValidators: false },
      { url: '/hot', compileValidators: true },
    ]);
    // Both builds write the same answer.
    for (const path of ['/cold', '/hot', '/later'])
      expect((await app.inject(path)).json()).toEqual({ id: 1, note: null });
  });
});
