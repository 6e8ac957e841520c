/**
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true,"disableJavaScriptFileLoading":true}}
 */
// The chat embed's loader (happy-dom): options from the script tag, the iframe with its reserved
// height and URL, messages accepted only from the frame's window at the SportSpyder origin, the theme
// passed on, the fallback after 3 s without `ready`, several embeds on one global, and destroy().
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmbedGlobal } from '../../embed-global.js';
import { CHAT_SCRIPT_SELECTOR, chatKind } from '../chat-kind.js';
import { readChatConfig } from '../config.js';
import { CHAT_FALLBACK_MS, CHAT_UNAVAILABLE_TEXT, chatFrameUrl, mountChat } from '../mount-chat.js';
import { readMessage } from '../protocol.js';

const ORIGIN = 'https://sportspyder.example';

/** A chat script tag as a partner page has it (innerHTML-inserted scripts never run). */
function scriptTag(data: Record<string, string>): HTMLScriptElement {
  const holder = document.createElement('div');
  const attrs = Object.entries(data).map(([key, value]) => `data-${key}="${value}"`);
  holder.innerHTML = `<script src="${ORIGIN}/widgets/chat.js" ${attrs.join(' ')}></script>`;
  document.body.appendChild(holder);
  return holder.querySelector('script')!;
}

const frameOf = (host: HTMLElement) => host.shadowRoot!.querySelector('iframe')!;

/** Gives the embed's iframe a window of its own (happy-dom loads no frame pages here). */
function frameWindow(host: HTMLElement): Window {
  const win = { postMessage: vi.fn() } as unknown as Window;
  Object.defineProperty(frameOf(host), 'contentWindow', { value: win });
  return win;
}

/** Dispatches a message event on the page as the browser would deliver it. */
function deliver(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('readChatConfig', () => {
  it('reads the team, channel, theme, height, lazy, target and nonce', () => {
    const script = scriptTag({
      team: 'nfl/green-bay-packers',
      channel: '12',
      theme: 'dark',
      height: '600',
      lazy: '',
      target: '#chat',
      nonce: 'abc',
    });
    expect(readChatConfig(script)).toEqual({
      origin: ORIGIN,
      sport: 'nfl',
      team: 'green-bay-packers',
      channel: 12,
      theme: 'dark',
      height: 600,
      lazy: true,
      target: '#chat',
      nonce: 'abc',
    });
  });

  it('defaults to auto, 520 px and the first channel; refuses a bad team or channel', () => {
    const config = readChatConfig(scriptTag({ team: 'nfl/green-bay-packers', theme: 'pink', height: '5' }));
    expect(config).toMatchObject({ channel: null, theme: 'auto', height: 520, lazy: false });
    expect(readChatConfig(scriptTag({ team: 'packers' }))).toBeUndefined();
    expect(readChatConfig(scriptTag({ team: 'nfl/<b>' }))).toBeUndefined();
    expect(readChatConfig(scriptTag({ team: 'nfl/green-bay-packers', channel: 'abc' }))).toBeUndefined();
    expect(console.warn).toHaveBeenCalledTimes(3);
  });
});

describe('mountChat', () => {
  it('mounts the iframe after its script at the reserved height, with the page as parent', () => {
    const script = scriptTag({ team: 'nfl/green-bay-packers', channel: '12', theme: 'light' });
    const instance = mountChat(script)!;
    expect(script.nextElementSibling).toBe(instance.host);
    expect(instance.host.style.getPropertyValue('--ss-h')).toBe('520px');
    const frame = frameOf(instance.host);
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/embed/chat`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      team: 'nfl/green-bay-packers',
      theme: 'light',
      parent: location.origin,
      channel: '12',
    });
    expect(frame.title).toBe('SportSpyder chat: green bay packers');
    expect(instance.host.dataset.state).toBe('loading');
  });

  it('takes ready and resize only from its own frame at the SportSpyder origin', () => {
    const instance = mountChat(scriptTag({ team: 'nfl/green-bay-packers' }))!;
    const frame = frameOf(instance.host);
    const own = frameWindow(instance.host);
    // Wrong origin, wrong window, not namespaced, malformed: all ignored.
    deliver({ sportspyder: { type: 'ready' } }, 'https://evil.example', own);
    deliver({ sportspyder: { type: 'ready' } }, ORIGIN, window);
    deliver({ type: 'ready' }, ORIGIN, own);
    deliver({ sportspyder: { type: 'resize', height: 'big' } }, ORIGIN, own);
    expect(instance.host.dataset.state).toBe('loading');
    deliver({ sportspyder: { type: 'ready' } }, ORIGIN, own);
    expect(instance.host.dataset.state).toBe('ready');
    deliver({ sportspyder: { type: 'resize', height: 431.2 } }, ORIGIN, own);
    expect(frame.style.height).toBe('432px');
    deliver({ sportspyder: { type: 'resize', height: 99_999 } }, 'https://evil.example', own);
    expect(frame.style.height).toBe('432px');
    // Bounded even from the frame itself.
    deliver({ sportspyder: { type: 'resize', height: 99_999 } }, ORIGIN, own);
    expect(frame.style.height).toBe('2000px');
    // Ready in time: no fallback later.
    vi.advanceTimersByTime(CHAT_FALLBACK_MS * 2);
    expect(instance.host.shadowRoot!.textContent).not.toContain(CHAT_UNAVAILABLE_TEXT);
  });

  it('shows the fallback with a link to the channel when the frame is not ready within 3 s', () => {
    const instance = mountChat(scriptTag({ team: 'nfl/green-bay-packers', channel: '12' }))!;
    vi.advanceTimersByTime(CHAT_FALLBACK_MS - 1);
    expect(frameOf(instance.host)).not.toBeNull();
    vi.advanceTimersByTime(1);
    const root = instance.host.shadowRoot!;
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('[role=status]')?.textContent).toContain(CHAT_UNAVAILABLE_TEXT);
    const link = root.querySelector('a')!;
    expect(link.href).toBe(`${ORIGIN}/nfl/green-bay-packers/chat/12`);
    expect(link.rel).toBe('noopener');
    expect(instance.host.dataset.state).toBe('fallback');
  });

  it('makes the fallback only as tall as its message, not the height reserved for the chat', () => {
    const instance = mountChat(scriptTag({ team: 'nfl/green-bay-packers', height: '600' }))!;
    expect(getComputedStyle(frameOf(instance.host)).height).toBe('600px');
    vi.advanceTimersByTime(CHAT_FALLBACK_MS);
    const box = instance.host.shadowRoot!.querySelector<HTMLElement>('[role=status]')!;
    expect(getComputedStyle(box).height).not.toBe('600px');
  });

  it('passes a changed data-theme to the ready frame, addressed to the SportSpyder origin only', async () => {
    const script = scriptTag({ team: 'nfl/green-bay-packers', theme: 'light' });
    const instance = mountChat(script)!;
    const own = frameWindow(instance.host);
    const post = vi.mocked(own.postMessage);
    deliver({ sportspyder: { type: 'ready' } }, ORIGIN, own);
    script.setAttribute('data-theme', 'dark');
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith({ sportspyder: { type: 'theme', theme: 'dark' } }, ORIGIN);
    expect(instance.host.dataset.scheme).toBe('dark');
  });

  it('mounts into data-target and only when scrolled near with data-lazy', () => {
    let observed: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof observed) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const box = document.createElement('div');
    box.id = 'chat-box';
    document.body.appendChild(box);
    const instance = mountChat(scriptTag({ team: 'nfl/green-bay-packers', target: '#chat-box', lazy: '' }))!;
    expect(instance.host.parentElement).toBe(box);
    expect(instance.host.shadowRoot!.querySelector('iframe')).toBeNull();
    vi.advanceTimersByTime(CHAT_FALLBACK_MS * 2);
    expect(instance.host.dataset.state).toBeUndefined();
    observed?.([{ isIntersecting: true }]);
    expect(frameOf(instance.host)).not.toBeNull();
    vi.unstubAllGlobals();
  });

  it('destroy() removes the embed and stops listening', () => {
    const instance = mountChat(scriptTag({ team: 'nfl/green-bay-packers' }))!;
    const own = frameWindow(instance.host);
    instance.destroy();
    expect(instance.host.isConnected).toBe(false);
    vi.advanceTimersByTime(CHAT_FALLBACK_MS);
    deliver({ sportspyder: { type: 'ready' } }, ORIGIN, own);
    expect(instance.host.dataset.state).toBe('loading');
  });
});

describe('the page global', () => {
  it('mounts every chat script once, next to headline embeds, and destroys them', () => {
    const api = createEmbedGlobal('test', [chatKind()]);
    scriptTag({ team: 'nfl/green-bay-packers' });
    scriptTag({ team: 'nba/chicago-bulls' });
    const holder = document.createElement('div');
    holder.innerHTML = `<script src="${ORIGIN}/widgets/headline.js" data-team="nfl/green-bay-packers"></script>`;
    document.body.appendChild(holder);
    const headline = holder.querySelector('script')!;
    expect(headline.matches(CHAT_SCRIPT_SELECTOR)).toBe(false);
    expect(api.init()).toHaveLength(2);
    expect(api.init()).toHaveLength(0);
    expect(document.querySelectorAll('sportspyder-chat')).toHaveLength(2);
    api.destroy();
    expect(document.querySelectorAll('sportspyder-chat')).toHaveLength(0);
  });
});

describe('readMessage', () => {
  it('accepts the sign-in code only from the expected window and origin', () => {
    const popup = {} as Window;
    const event = (origin: string, source: unknown, data: unknown) =>
      new MessageEvent('message', { origin, source: source as Window, data });
    const good = { sportspyder: { type: 'signed-in', code: 'code.abc.def' } };
    expect(readMessage(event(ORIGIN, popup, good), popup, ORIGIN)).toEqual(good.sportspyder);
    expect(readMessage(event(ORIGIN, {}, good), popup, ORIGIN)).toBeUndefined();
    expect(readMessage(event('https://evil.example', popup, good), popup, ORIGIN)).toBeUndefined();
    expect(readMessage(event(ORIGIN, popup, good), null, ORIGIN)).toBeUndefined();
    const empty = { sportspyder: { type: 'signed-in', code: '' } };
    expect(readMessage(event(ORIGIN, popup, empty), popup, ORIGIN)).toBeUndefined();
  });

  it('builds the frame URL without a channel for the team default', () => {
    const config = readChatConfig(scriptTag({ team: 'nfl/green-bay-packers' }))!;
    expect(chatFrameUrl(config, 'https://partner.example')).toBe(
      `${ORIGIN}/embed/chat?team=nfl%2Fgreen-bay-packers&theme=auto&parent=https%3A%2F%2Fpartner.example`,
    );
  });
});
