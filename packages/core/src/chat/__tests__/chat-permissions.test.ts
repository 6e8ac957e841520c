// Who may moderate and delete in chat (spec 3 §6, issue 48), as the server decides it: admins
// everywhere (channels and comments), a channel's moderators in that channel only, members their own
// messages, visitors nothing.
import { describe, expect, it } from 'vitest';
import { canDeleteMessage, canModerate } from '../chat-permissions.js';

const admin = { id: 1, admin: true };
const mod = { id: 9, admin: false };
const member = { id: 7, admin: false };
const packers = { moderators: [9] };
const gameDay = { moderators: [] as number[] };
const byAnn = { user: { id: 2 } };

describe('canModerate', () => {
  it('lets admins moderate every channel and the comments (no channel)', () => {
    expect(canModerate(admin, packers)).toBe(true);
    expect(canModerate(admin, gameDay)).toBe(true);
    expect(canModerate(admin, null)).toBe(true);
  });

  it("lets a channel's moderator moderate that channel only, and no comments", () => {
    expect(canModerate(mod, packers)).toBe(true);
    expect(canModerate(mod, gameDay)).toBe(false);
    expect(canModerate(mod, null)).toBe(false);
  });

  it('gives members and visitors nothing', () => {
    expect(canModerate(member, packers)).toBe(false);
    expect(canModerate(null, packers)).toBe(false);
    expect(canModerate(undefined, null)).toBe(false);
  });
});

describe('canDeleteMessage', () => {
  it("lets the author delete their own message anywhere, and not others'", () => {
    expect(canDeleteMessage(member, { user: { id: 7 } }, gameDay)).toBe(true);
    expect(canDeleteMessage(member, { user: { id: 7 } }, null)).toBe(true);
    expect(canDeleteMessage(member, byAnn, gameDay)).toBe(false);
  });

  it("lets admins and the channel's moderators delete others' messages where they moderate", () => {
    expect(canDeleteMessage(admin, byAnn, gameDay)).toBe(true);
    expect(canDeleteMessage(admin, byAnn, null)).toBe(true);
    expect(canDeleteMessage(mod, byAnn, packers)).toBe(true);
    expect(canDeleteMessage(mod, byAnn, gameDay)).toBe(false);
    expect(canDeleteMessage(mod, byAnn, null)).toBe(false);
  });

  it('never lets a visitor delete', () => {
    expect(canDeleteMessage(null, byAnn, packers)).toBe(false);
  });
});
