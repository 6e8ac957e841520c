/**
 * Request validators per part of the request (issue 47, "no silent type conversion"). A query string and
 * a path are text, so their values are read as numbers or booleans where the contract says so (ajv's
 * `coerceTypes: 'array'`, which also makes `?ids=1` a one-item array). A JSON body already carries its
 * types: `{"name": false}` is not a name and `{"chatProBadge": null}` is not `false`, so bodies are
 * validated without coercion and a wrong type answers 422 naming the field (http/errors.ts).
 *
 * The factory wraps Fastify's own (`@fastify/ajv-compiler`, the one it uses by default, with its formats
 * and its pool per set of shared schemas) and builds two ajv instances from the same options, the body's
 * with coercion off; removing unknown properties, defaults and reporting every error stay as configured.
 * @module
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Fastify's `schemaController.compilersFactory.buildValidator`. */
type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

/** What Fastify hands a validator compiler for one part of one route. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

/**
 * A validator factory whose body validators never coerce types, while query strings, path parameters
 * and headers are coerced as the `ajv.customOptions` say.
 *
 * @example
 * ```ts
 * Fastify({
 *   ajv: { customOptions: { allErrors: true, coerceTypes: 'array' } },
 *   schemaController: { compilersFactory: { buildValidator: partValidators() } },
 * });
 * ```
 */
export function partValidators(inner = AjvCompiler()): ValidatorFactory {
  const factory = (externalSchemas: Parameters<typeof inner>[0], options: Parameters<typeof inner>[1]) => {
    const customOptions = options?.customOptions ?? {};
    const coercing = inner(externalSchemas, options) as unknown as (route: RouteSchema) => unknown;
    const strict = inner(externalSchemas, {
      ...options,
      customOptions: { ...customOptions, coerceTypes: false },
    } as Parameters<typeof inner>[1]) as unknown as (route: RouteSchema) => unknown;
    return (route: RouteSchema) => (route.httpPart === 'body' ? strict(route) : coercing(route));
  };
  return factory as unknown as ValidatorFactory;
}
