/**
 * The chat embed's frame (`/embed/chat` inside the partner's iframe): the team channel's messages,
 * live, for everyone; for visitors a button that opens the sign-in popup; for members the rules to
 * accept before a first message, then the composer, whose banner shows the server's refusals as they
 * are (the cooldown's 'You can send a message every {limit} secs'). It opens at the newest messages
 * (scrolled to the bottom, as the site's chat) and then follows new ones while the reader is near the
 * bottom or wrote them. Members get Delete where the server allows it (their own messages; any message
 * for admins and the channel's moderators: core's `canDeleteMessage`), asked once more before it goes.
 * When the channel cannot be loaded within {@link FRAME_FALLBACK_MS} it shows the fallback with a link
 * to the chat on SportSpyder.
 * @module
 */
import type { Channel, ChannelList } from '@sportspyder/contract';
import {
  CHAT_LINK_REL,
  CHAT_MESSAGE_MAX,
  CHAT_RULES,
  CHAT_RULES_CONSEQUENCES,
  type ChatItem,
  type ChatViewer,
  canDeleteMessage,
  chatAuthorName,
  chatFor,
  messageBody,
} from '@sportspyder/core';
import { type ComponentChild, h } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { relativeTime } from '../headline/relative-time.js';
import type { FrameClient } from './frame-client.js';
import { postChatMessage, readMessage } from './protocol.js';
import { useSnapshot } from './use-snapshot.js';

/** Time the channel has to load before the fallback shows. */
export const FRAME_FALLBACK_MS = 3000;
/** Texts of the frame. */
export const FRAME_TEXTS = {
  unavailable: 'The chat is unavailable right now.',
  open: 'Open the chat on SportSpyder',
  signIn: 'Sign in to chat',
  visitor: 'Sign in to join the conversation.',
  rulesTitle: 'Chat rules',
  accept: 'I agree to the rules',
  send: 'Send',
  empty: 'No messages yet. Say hello!',
  loadOlder: 'Show older messages',
  popupBlocked: 'Allow pop-ups for this site to sign in.',
  delete: 'Delete',
  confirmDelete: 'Delete this message?',
  cancel: 'Cancel',
} as const;

/** The frame's options, from its URL. */
export interface FrameParams {
  readonly sport: string;
  readonly team: string;
  readonly channel: number | null;
  /** The partner page's origin (messages go there only). */
  readonly parent: string;
}

/** How a row offers Delete: not at all, the button, or the question that confirms it. */
interface RowDelete {
  /** The reader may delete this message. */
  readonly can: boolean;
  /** The question is open on this row. */
  readonly asking: boolean;
  /** Opens (true) or closes (false) the question. */
  readonly ask: (open: boolean) => void;
  /** Deletes the message. */
  readonly confirm: () => void;
}

function MessageRow({ item, now, del }: { item: ChatItem; now: number; del: RowDelete }) {
  const { message } = item;
  const body = messageBody(message);
  // No confirm(): the partner's sandbox has no allow-modals, so the question is inline.
  const actions =
    del.can && !body.deleted
      ? del.asking
        ? h(
            'div',
            { class: 'ss-row', role: 'group', 'aria-label': FRAME_TEXTS.confirmDelete },
            h('span', { class: 'ss-note' }, FRAME_TEXTS.confirmDelete),
            h('button', { type: 'button', onClick: del.confirm }, FRAME_TEXTS.delete),
            h(
              'button',
              { type: 'button', class: 'ss-link', onClick: () => del.ask(false) },
              FRAME_TEXTS.cancel,
            ),
          )
        : h('button', { type: 'button', class: 'ss-link', onClick: () => del.ask(true) }, FRAME_TEXTS.delete)
      : null;
  return h(
    'li',
    { class: 'ss-msg', 'data-testid': 'chat-message' },
    h('span', { class: 'ss-author' }, chatAuthorName(message.user)),
    ' ',
    message.createdAt
      ? h('time', { class: 'ss-time', dateTime: message.createdAt }, relativeTime(message.createdAt, now))
      : null,
    h(
      'p',
      { class: body.deleted ? 'ss-deleted' : undefined },
      body.share
        ? `Shared ${body.share === 'article' ? `an article: ${message.article?.title ?? ''}` : `an episode: ${message.episode?.title ?? ''}`}`
        : body.segments.map((s) =>
            s.type === 'link'
              ? h('a', { href: s.href, rel: CHAT_LINK_REL, target: '_blank' }, s.text)
              : s.text,
          ),
    ),
    actions,
  );
}

/**
 * The frame's screen.
 *
 * @example
 * ```ts
 * render(h(ChatFrame, { frame: createFrameClient(), params }), root);
 * ```
 */
export function ChatFrame({ frame, params }: { frame: FrameClient; params: FrameParams }) {
  const { client } = frame;
  const chat = chatFor(client);
  const session = useSnapshot(client.session);
  const [channel, setChannel] = useState<Channel | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [asking, setAsking] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // False until the first messages are on screen and scrolled to: the frame opens at the newest.
  const opened = useRef(false);
  const popup = useRef<Window | null>(null);
  const channelId = channel?.id ?? null;

  useEffect(() => {
    void client.session.load().catch(() => undefined);
    client.api
      .get<ChannelList>(`/api/v1/teams/${encodeURIComponent(params.team)}/channels`, {
        handleNotFound: false,
      })
      .then(({ channels }) => {
        const found = params.channel ? channels.find((c) => c.id === params.channel) : channels[0];
        if (found) setChannel(found);
        else setFailed(true);
      })
      .catch(() => setFailed(true));
  }, [client, params]);

  const messages = useMemo(() => (channelId ? chat.channelMessages(channelId) : null), [chat, channelId]);
  const composer = useMemo(() => (channelId ? chat.composer({ channelId }) : null), [chat, channelId]);
  const empty = { getSnapshot: () => null, subscribe: () => () => {} };
  const view = useSnapshot(messages ?? empty);
  const composing = useSnapshot(composer ?? empty);

  // Fallback when the channel is not there in time (the API is down or slow).
  const loaded = view?.status === 'success';
  useEffect(() => {
    if (loaded) return;
    const timer = setTimeout(() => setFailed(true), FRAME_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [loaded]);
  useEffect(() => {
    if (view?.status === 'error') setFailed(true);
  }, [view?.status]);

  // Newest at the bottom: open there, then follow new messages while the reader is near the bottom
  // or wrote the newest one (as the site's chat, spec 3 §4). Older pages added at the top move nothing.
  // A layout effect: the list is placed before it is painted, so it never shows its top first.
  const count = view?.items.length ?? 0;
  const newest = view?.items[count - 1]?.message;
  const readerId = session.user?.id;
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || count === 0) return;

    const first = !opened.current;
    opened.current = true;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
    if (first || near || (readerId != null && newest?.user.id === readerId)) el.scrollTop = el.scrollHeight;
  }, [count, newest?.id, readerId]);

  // The popup's code: only from the popup this frame opened, on this frame's own origin.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readMessage(event, popup.current, location.origin);
      if (message?.type !== 'signed-in') return;
      popup.current = null;
      frame.exchange(message.code).catch(() => setNotice('Signing in failed. Please try again.'));
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [frame]);

  const openSignIn = () => {
    setNotice(null);
    const url = `/embed/chat/signin?parent=${encodeURIComponent(params.parent)}`;
    popup.current = window.open(url, 'sportspyder-signin', 'popup,width=440,height=600');
    if (!popup.current) setNotice(FRAME_TEXTS.popupBlocked);
  };

  const chatUrl = `/${params.sport}/${params.team}/chat${channelId ? `/${channelId}` : ''}`;
  const openLink = h('a', { href: chatUrl, target: '_blank', rel: 'noopener' }, FRAME_TEXTS.open);

  if (failed && !loaded) {
    return h(
      'div',
      { class: 'ss ss-center', role: 'status' },
      h('p', null, FRAME_TEXTS.unavailable),
      openLink,
    );
  }

  const user = session.user && frame.signedIn() ? session.user : null;
  const viewer: ChatViewer = user;
  const remove = async ({ message }: ChatItem) => {
    setAsking(null);
    const outcome = await chat.deleteMessage(message);
    if (outcome.status === 'failed') setNotice(outcome.error);
  };
  const send = async (event: Event) => {
    event.preventDefault();
    if (!composer) return;
    const outcome = await composer.send(text);
    if (outcome.status === 'done') setText('');
  };

  let foot: ComponentChild;
  if (!user) {
    foot = h(
      'div',
      { class: 'ss-row' },
      h('span', { class: 'ss-note' }, FRAME_TEXTS.visitor),
      h('button', { type: 'button', onClick: openSignIn }, FRAME_TEXTS.signIn),
    );
  } else if (!user.chatAcceptedRules) {
    foot = h(
      'section',
      { 'aria-labelledby': 'ss-rules' },
      h('h2', { id: 'ss-rules', style: 'font-size:15px;margin:0' }, FRAME_TEXTS.rulesTitle),
      h(
        'ol',
        { class: 'ss-rules' },
        CHAT_RULES.map((rule) => h('li', { key: rule }, rule)),
      ),
      h('p', { class: 'ss-note' }, CHAT_RULES_CONSEQUENCES),
      h('button', { type: 'button', onClick: () => void chat.acceptRules() }, FRAME_TEXTS.accept),
    );
  } else {
    foot = h(
      'form',
      { onSubmit: send },
      h('label', { for: 'ss-input', class: 'ss-note' }, `Message as ${chatAuthorName(user)}`),
      h('textarea', {
        id: 'ss-input',
        rows: 2,
        maxLength: CHAT_MESSAGE_MAX,
        value: text,
        onInput: (e: Event) => setText((e.currentTarget as HTMLTextAreaElement).value),
        onKeyDown: (e: KeyboardEvent) => {
          // Enter sends, Shift+Enter makes a new line (as in the site's chat).
          if (e.key === 'Enter' && !e.shiftKey) void send(e);
        },
      }),
      h(
        'div',
        { class: 'ss-row' },
        h('span', { class: 'ss-note' }, `${text.length}/${CHAT_MESSAGE_MAX}`),
        h('button', { type: 'submit', disabled: composing?.sending || !text.trim() }, FRAME_TEXTS.send),
      ),
    );
  }

  const now = Date.now();
  return h(
    'div',
    { class: 'ss' },
    h('div', { class: 'ss-head' }, h('h1', null, channel ? `${channel.name} chat` : 'Chat'), openLink),
    view?.hasMore &&
      h(
        'button',
        {
          type: 'button',
          class: 'ss-link',
          style: 'margin:6px 12px 0',
          onClick: () => void messages?.loadMore(),
        },
        FRAME_TEXTS.loadOlder,
      ),
    h(
      'ol',
      { class: 'ss-list', ref: list, 'aria-label': 'Messages', tabIndex: 0, 'aria-busy': !loaded },
      loaded && count === 0 ? h('li', { class: 'ss-note' }, FRAME_TEXTS.empty) : null,
      view?.items.map((item) =>
        h(MessageRow, {
          key: item.message.id,
          item,
          now,
          del: {
            can: canDeleteMessage(viewer, item.message, channel),
            asking: asking === item.message.id,
            ask: (open) => setAsking(open ? item.message.id : null),
            confirm: () => void remove(item),
          },
        }),
      ),
    ),
    h(
      'div',
      { class: 'ss-foot' },
      composing?.error ? h('p', { class: 'ss-error', role: 'alert' }, composing.error) : null,
      notice ? h('p', { class: 'ss-error', role: 'alert' }, notice) : null,
      foot,
    ),
  );
}

/** Tells the partner page the frame runs and keeps it told of the frame's height. */
export function reportToParent(parent: string): () => void {
  if (window.parent === window) return () => {};
  postChatMessage(window.parent, parent, { type: 'ready' });
  const root = document.documentElement;
  const report = () =>
    postChatMessage(window.parent, parent, {
      type: 'resize',
      height: Math.ceil(root.getBoundingClientRect().height),
    });
  if (typeof ResizeObserver !== 'function') {
    report();
    return () => {};
  }
  const observer = new ResizeObserver(report);
  observer.observe(root);
  return () => observer.disconnect();
}
