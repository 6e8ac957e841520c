/**
 * Page-view tracking (`POST api/v1/user/views`, spec 1 §7 and spec 3 §3 "Page-view record").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { VariantNumber } from './common.js';

/** `POST api/v1/user/views` body. `p` is 1 on widths up to 767 px; `no` marks a hidden page. */
export const UserViewBody = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 2048 }),
  hash: Type.String({ minLength: 1, maxLength: 64 }),
  p: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  referrer: Type.Optional(Type.String({ maxLength: 2048 })),
  first: Type.Optional(Type.Boolean()),
  v: Type.Optional(Type.Union([VariantNumber, Type.Null()])),
  no: Type.Optional(Type.Boolean()),
  vf: Type.Optional(Type.Union([VariantNumber, Type.Null()])),
  va: Type.Optional(Type.Union([VariantNumber, Type.Null()])),
});
/** `POST api/v1/user/views` body. */
export type UserViewBody = Static<typeof UserViewBody>;

/** `POST api/v1/user/views` answer. */
export const UserViewResponse = Type.Object({ view: Type.Object({ id: Type.Integer() }) });
/** `POST api/v1/user/views` answer. */
export type UserViewResponse = Static<typeof UserViewResponse>;
