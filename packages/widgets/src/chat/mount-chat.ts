/**
 * Mounts one chat embed for one script tag: a host element after the tag (or inside `data-target`)
 * holding, in its shadow root, the iframe of `<origin>/embed/chat` at a reserved height (no layout jump
 * while it loads). The frame reports `ready` and its height (ResizeObserver inside); messages are
 * accepted only from that iframe's window at the SportSpyder origin. Without `ready` within
 * {@link CHAT_FALLBACK_MS} (server down, page refused) the frame makes way for a fallback with a link
 * to the chat on SportSpyder. A changed `data-theme` is passed on to the frame. `destroy()` undoes all.
 * @module
 */
import type { EmbedInstance } from '../embed-global.js';
import { adoptStyles } from './adopt-styles.js';
import { type ChatConfig, readChatConfig } from './config.js';
import { CHAT_THEMES, type ChatTheme, postChatMessage, readMessage } from './protocol.js';

/** Tag name of the element that hosts a chat embed. */
export const CHAT_HOST_TAG = 'sportspyder-chat';
/** Time the frame has to say it is ready before the fallback shows. */
export const CHAT_FALLBACK_MS = 3000;
/** The fallback's text. */
export const CHAT_UNAVAILABLE_TEXT = 'The chat is unavailable right now.';

// The fallback's colours pass 4.5:1 on their background in both schemes. It is only as tall as its
// text: the reserved height is the iframe's, for a chat that is coming, not for a notice.
const CSS = `:host{display:block;contain:content}
iframe{display:block;width:100%;border:0;height:var(--ss-h)}
.f{box-sizing:border-box;padding:16px;font:15px/1.4 system-ui,sans-serif;border:1px solid #767676;border-radius:8px;background:#fff;color:#1f1f1f}
:host([data-scheme=dark]) .f{background:#1b1b1b;color:#f1f1f1}
.f a{color:#0b57d0}:host([data-scheme=dark]) .f a{color:#a8c7fa}
.f a:focus-visible{outline:2px solid currentColor;outline-offset:2px}`;

/** A mounted chat embed. */
export interface ChatInstance extends EmbedInstance {
  /** The script tag it was configured from. */
  readonly script: HTMLScriptElement;
}

/** The iframe's URL for `config` on a page at `parent`. */
export function chatFrameUrl(config: ChatConfig, parent: string): string {
  const query = new URLSearchParams({ team: `${config.sport}/${config.team}`, theme: config.theme, parent });
  if (config.channel) query.set('channel', String(config.channel));
  return `${config.origin}/embed/chat?${query}`;
}

/**
 * Mounts the chat embed configured by `script`; undefined when its options are unusable.
 *
 * @example
 * ```ts
 * const instance = mountChat(script);
 * instance?.destroy();
 * ```
 */
export function mountChat(script: HTMLScriptElement): ChatInstance | undefined {
  const config = readChatConfig(script);
  if (!config) return undefined;
  const host = document.createElement(CHAT_HOST_TAG);
  const target = config.target ? document.querySelector(config.target) : null;
  if (config.target && !target) console.warn(`SportSpyder: data-target "${config.target}" not found`);
  if (target) target.appendChild(host);
  else script.after(host);
  host.style.setProperty('--ss-h', `${config.height}px`);
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow, CSS, config.nonce);

  let theme = config.theme;
  let scheme: MediaQueryList | undefined;
  const applyScheme = () => {
    host.dataset.scheme = theme === 'auto' ? (scheme?.matches ? 'dark' : 'light') : theme;
  };
  if (typeof matchMedia === 'function') {
    scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', applyScheme);
  }
  applyScheme();

  let frame: HTMLIFrameElement | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ready = false;

  const fallback = () => {
    frame?.remove();
    frame = undefined;
    host.dataset.state = 'fallback';
    const box = document.createElement('div');
    box.className = 'f';
    box.setAttribute('role', 'status');
    const link = document.createElement('a');
    link.href = `${config.origin}/${config.sport}/${config.team}/chat${config.channel ? `/${config.channel}` : ''}`;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = 'Open the chat on SportSpyder';
    box.append(`${CHAT_UNAVAILABLE_TEXT} `, link);
    shadow.appendChild(box);
  };

  const onMessage = (event: MessageEvent) => {
    const message = readMessage(event, frame?.contentWindow, config.origin);
    if (!message || !frame) return;
    if (message.type === 'ready') {
      ready = true;
      host.dataset.state = 'ready';
      clearTimeout(timer);
    } else if (message.type === 'resize' && ready) {
      // Bounded, so a confused frame cannot take over the page.
      frame.style.height = `${Math.min(Math.max(Math.ceil(message.height), 120), 2000)}px`;
    }
  };
  addEventListener('message', onMessage);

  const start = () => {
    host.dataset.state = 'loading';
    frame = document.createElement('iframe');
    frame.src = chatFrameUrl(config, location.origin);
    frame.title = `SportSpyder chat: ${config.team.replace(/-/g, ' ')}`;
    // Same-origin so the frame can call its own API; forms for the composer; the sign-in popup and
    // links open unsandboxed (they are SportSpyder's own pages).
    frame.setAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
    );
    frame.setAttribute('allow', 'clipboard-write');
    shadow.appendChild(frame);
    timer = setTimeout(() => {
      if (!ready) fallback();
    }, CHAT_FALLBACK_MS);
  };

  // A site with a theme switch changes data-theme; the frame follows.
  const watcher =
    typeof MutationObserver === 'function'
      ? new MutationObserver(() => {
          const next = (script.dataset.theme ?? '').trim() as ChatTheme;
          if (!CHAT_THEMES.includes(next) || next === theme) return;
          theme = next;
          applyScheme();
          if (frame?.contentWindow && ready)
            postChatMessage(frame.contentWindow, config.origin, { type: 'theme', theme });
        })
      : undefined;
  watcher?.observe(script, { attributes: true, attributeFilter: ['data-theme'] });

  let observer: IntersectionObserver | undefined;
  if (config.lazy && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer?.disconnect();
        start();
      },
      { rootMargin: '300px' },
    );
    observer.observe(host);
  } else {
    start();
  }

  let destroyed = false;
  return {
    script,
    host,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(timer);
      observer?.disconnect();
      watcher?.disconnect();
      removeEventListener('message', onMessage);
      scheme?.removeEventListener('change', applyScheme);
      host.remove();
    },
  };
}
