/**
 * The chat embed's postMessage protocol: every message is `{ sportspyder: { type, ... } }`, sent to one
 * named origin (never `'*'`) and accepted only from the expected window and origin. Shared by the
 * loader on the partner page, the frame and the sign-in popup.
 * @module
 */
/** Colour theme of the chat embed. */
export type ChatTheme = 'light' | 'dark' | 'auto';

/** Frame → loader: the frame's page loaded and shows the channel (or its own fallback). */
export interface ReadyMessage {
  readonly type: 'ready';
}
/** Frame → loader: the frame's content height in CSS pixels (from a ResizeObserver). */
export interface ResizeMessage {
  readonly type: 'resize';
  readonly height: number;
}
/** Loader → frame: the host page changed `data-theme`. */
export interface ThemeMessage {
  readonly type: 'theme';
  readonly theme: ChatTheme;
}
/** Popup → frame (same origin): the member signed in; the one-minute code to exchange. */
export interface SignedInMessage {
  readonly type: 'signed-in';
  readonly code: string;
}

/** Every message of the protocol. */
export type ChatEmbedMessage = ReadyMessage | ResizeMessage | ThemeMessage | SignedInMessage;

/** The themes `data-theme` and the `theme` message accept. */
export const CHAT_THEMES: readonly ChatTheme[] = ['light', 'dark', 'auto'];

/** Whether `value` is a well-formed protocol message (anything else on the channel is ignored). */
function isChatEmbedMessage(value: unknown): value is ChatEmbedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
      return true;
    case 'resize':
      return typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0;
    case 'theme':
      return CHAT_THEMES.includes(m.theme as ChatTheme);
    case 'signed-in':
      return typeof m.code === 'string' && m.code.length > 0 && m.code.length <= 512;
    default:
      return false;
  }
}

/**
 * The protocol message of `event` when it comes from `source` at `origin`, else undefined.
 *
 * @example
 * ```ts
 * const message = readMessage(event, iframe.contentWindow, 'https://sportspyder.com');
 * if (message?.type === 'resize') iframe.style.height = `${message.height}px`;
 * ```
 */
export function readMessage(
  event: MessageEvent,
  source: MessageEventSource | null | undefined,
  origin: string,
): ChatEmbedMessage | undefined {
  if (!source || event.source !== source || event.origin !== origin) return undefined;
  const data = event.data as { sportspyder?: unknown } | null;
  const message = typeof data === 'object' && data !== null ? data.sportspyder : undefined;
  return isChatEmbedMessage(message) ? message : undefined;
}

/**
 * Posts `message` to `target` for `origin` only.
 *
 * @example
 * ```ts
 * postChatMessage(window.parent, parentOrigin, { type: 'ready' });
 * ```
 */
export function postChatMessage(target: Window, origin: string, message: ChatEmbedMessage): void {
  target.postMessage({ sportspyder: message }, origin);
}
