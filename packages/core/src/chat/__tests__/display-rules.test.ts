// The display rules of spec 3 §2 and §9 as the renderers apply them: newlines, the 3-line collapse,
// the deleted text, shares, the cut lengths, the bot's logo avatar, mentions, links as segments
// (never HTML) and the heights and auto-scroll threshold.
import { describe, expect, it } from 'vitest';
import { chatAuthorName, chatAvatar, isChannelModerator } from '../chat-author.js';
import { pickChannel } from '../chat-channels.js';
import { CHAT_HEIGHTS, chatListHeight, isNearLatest, shouldAutoScroll } from '../chat-heights.js';
import { REPORT_REASONS } from '../chat-texts.js';
import { CHAT_TRUNCATION, truncateChatText } from '../chat-truncate.js';
import { applyMention, mentionQuery, mentionSuggestions } from '../mentions.js';
import { CHAT_LINK_REL, messageSegments } from '../message-links.js';
import { collapseNewlines, messageBody } from '../message-text.js';
import { makeMessage } from './chat-fixtures.js';

describe('message text', () => {
  it('collapses three or more newlines to two', () => {
    expect(collapseNewlines('a\n\n\n\n\nb\n\nc\r\n\r\n\r\nd')).toBe('a\n\nb\n\nc\n\nd');
  });

  it("collapses over 3 lines with 'Show full message' until expanded", () => {
    const long = makeMessage({ content: 'one\ntwo\nthree\nfour' });
    expect(messageBody(long)).toMatchObject({
      collapsible: true,
      collapsed: true,
      toggleLabel: 'Show full message',
    });
    expect(messageBody(long, { expanded: true })).toMatchObject({ collapsed: false, toggleLabel: null });
    expect(messageBody(makeMessage({ content: 'a\nb\nc' })).collapsible).toBe(false);
    // A long line the renderer measured as taller than 3 lines collapses too.
    expect(messageBody(makeMessage({ content: 'x'.repeat(290) }), { overflows: true }).collapsed).toBe(true);
  });

  it("shows 'This message was deleted' for a deleted message and the card for a share", () => {
    const deleted = messageBody(
      makeMessage({ content: '[Message deleted]', deletedAt: '2024-01-01T00:00:00Z' }),
    );
    expect(deleted).toMatchObject({ deleted: true, text: 'This message was deleted' });
    const article = { id: 3, title: 'T', finalUrl: 'https://example.com' };
    expect(messageBody(makeMessage({ content: '[article]', article }))).toMatchObject({
      share: 'article',
      text: '',
    });
  });

  it('turns links into segments with nofollow ugc noopener, never HTML', () => {
    expect(CHAT_LINK_REL).toBe('nofollow ugc noopener');
    expect(messageSegments('See https://example.com/a?b=1. <b>x</b> and (www.nfl.com)!')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: '. <b>x</b> and (' },
      { type: 'link', text: 'www.nfl.com', href: 'https://www.nfl.com/' },
      { type: 'text', text: ')!' },
    ]);
    expect(messageSegments('javascript:alert(1)')).toEqual([{ type: 'text', text: 'javascript:alert(1)' }]);
  });
});

describe('cut lengths', () => {
  it('cuts at 75, 35, 24, 40 and 95 characters with an ellipsis, whole emoji', () => {
    expect(CHAT_TRUNCATION).toEqual({
      notification: 75,
      replyContext: 35,
      contextLabel: 24,
      title: 40,
      replySnippet: 95,
    });
    for (const [what, limit] of Object.entries(CHAT_TRUNCATION)) {
      const text = 'y'.repeat(limit + 10);
      expect(truncateChatText(text, what as keyof typeof CHAT_TRUNCATION)).toBe(`${'y'.repeat(limit)}…`);
      expect(truncateChatText('y'.repeat(limit), what as keyof typeof CHAT_TRUNCATION)).toBe(
        'y'.repeat(limit),
      );
    }
    expect(truncateChatText('🏈'.repeat(30), 'contextLabel')).toBe(`${'🏈'.repeat(24)}…`);
    expect(truncateChatText('line one\nline two', 'title')).toBe('line one line two');
  });
});

describe('authors and channels', () => {
  it("draws the bot 'sportspyder' with the logo and members with their initial and colour", () => {
    expect(chatAvatar({ username: 'sportspyder', displayName: 'SportSpyder', chatColor: 'Default' })).toEqual(
      { kind: 'logo' },
    );
    expect(chatAvatar({ username: 'ann', displayName: 'zoe', chatColor: 'Pine' })).toEqual({
      kind: 'initial',
      initial: 'Z',
      colorName: 'Pine',
    });
    expect(chatAuthorName({ username: 'ann', displayName: ' ' })).toBe('ann');
  });

  it('knows moderators and picks the channel to open', () => {
    const channels = [
      { id: 1, name: 'general', moderators: [9], selected: false },
      { id: 2, name: 'game day', moderators: [], selected: true },
    ];
    expect(isChannelModerator(channels[0], 9)).toBe(true);
    expect(isChannelModerator(null, 9)).toBe(false);
    expect(pickChannel(channels, '1')?.id).toBe(1);
    expect(pickChannel(channels, 99)?.id).toBe(2);
    expect(pickChannel([], null)).toBeNull();
    expect(REPORT_REASONS.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('mentions', () => {
  it('suggests recent authors matching the typed prefix, newest first, not oneself', () => {
    const messages = [
      makeMessage({ id: 1, user: { ...makeMessage().user, username: 'pat_m' } }),
      makeMessage({ id: 2, user: { ...makeMessage().user, username: 'packfan' } }),
      makeMessage({ id: 3, user: { ...makeMessage().user, username: 'demo' } }),
      makeMessage({ id: 4, user: { ...makeMessage().user, username: 'PaulB' } }),
      makeMessage({ id: 5, user: { ...makeMessage().user, username: '[deleted]' } }),
    ];
    const query = mentionQuery('hey @pa');
    expect(query).toEqual({ prefix: 'pa', start: 4, end: 7 });
    expect(mentionSuggestions(messages, query?.prefix ?? '', { self: 'demo' })).toEqual([
      'PaulB',
      'packfan',
      'pat_m',
    ]);
    expect(mentionSuggestions(messages, 'd', { self: 'demo' })).toEqual([]);
    expect(mentionQuery('mail me@x.com')).toBeNull();
    if (!query) throw new Error('query');
    expect(applyMention('hey @pa', query, 'packfan')).toEqual({ text: 'hey @packfan ', caret: 13 });
  });
});

describe('heights and scrolling', () => {
  it('has the heights of spec 3 §9 and follows the newest message within 20 px or for the author', () => {
    expect(CHAT_HEIGHTS).toEqual({ default: 660, sidebar: 400, short: 350, baseOffset: 140, input: 42 });
    expect(chatListHeight('default')).toBe(478);
    expect(isNearLatest({ scrollTop: 980, scrollHeight: 1400, clientHeight: 400 })).toBe(true);
    expect(isNearLatest({ scrollTop: 979, scrollHeight: 1400, clientHeight: 400 })).toBe(false);
    expect(shouldAutoScroll({ nearLatest: false, ownMessage: true })).toBe(true);
    expect(shouldAutoScroll({ nearLatest: false, ownMessage: false })).toBe(false);
  });
});
