/**
 * The error shape every failing `api/v1` call answers with (spec 3 §8: "Server error lists
 * carry items with title, code and field").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';

/** One problem with a request: a human title, a stable machine code and, for input errors, the field. */
export const ApiErrorItem = Type.Object({
  title: Type.String({ description: 'Human-readable message, shown as is in error boxes.' }),
  code: Type.String({
    description:
      'Stable machine code, e.g. `blank`, `invalid`, `taken`, `not_found`, `method_not_allowed` (405), `uri_too_long` (414).',
  }),
  field: Type.Optional(
    Type.String({ description: 'The request field the problem is about, when there is one.' }),
  ),
});
/** One problem with a request. */
export type ApiErrorItem = Static<typeof ApiErrorItem>;

/** The body of every error response: `{ errors: [{ title, code, field? }] }`. */
export const ErrorList = Type.Object({ errors: Type.Array(ApiErrorItem, { minItems: 1 }) });
/** The body of every error response. */
export type ErrorList = Static<typeof ErrorList>;
