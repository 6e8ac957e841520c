/**
 * The message box of chat and comments (spec 3 §4, §5, §8): a text area of at most 300
 * characters (Enter sends, Shift+Enter breaks the line), the reply tray — open while replying
 * ("Replying to …", cut at 35 characters) or while @mention suggestions exist, picked with the
 * arrows and Enter or Tab — Send held back during the can-send-at cooldown, and the error banner
 * (the first error, gone after 3 s). A visitor's send opens the sign-in prompt and a member's
 * first send the rules, through the screen's `settle`; accepting sends the message.
 * @module
 */
import type { Message } from '@sportspyder/contract';
import {
  applyMention,
  CHAT_MESSAGE_MAX,
  type ChatOutcome,
  chatAuthorName,
  mentionQuery,
  mentionSuggestions,
  type SendTarget,
  truncateChatText,
} from '@sportspyder/core';
import { useChatComposer, useSession } from '@sportspyder/react';
import { type KeyboardEvent, type RefObject, useId, useImperativeHandle, useRef, useState } from 'react';

/** What a screen can do to its composer. */
export interface ComposerHandle {
  /** Puts '@username ' at the caret and focuses the box. */
  mention(username: string): void;
  /** Focuses the box. */
  focus(): void;
}

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Where messages go. */
  target: SendTarget;
  /** The box's label, e.g. 'Message General'. */
  label: string;
  /** The send button's label (default 'Send'). */
  sendLabel?: string;
  /** Acts on outcomes other than 'done' (sign-in prompt, rules then `retry`). */
  settle: (outcome: ChatOutcome<unknown>, retry?: () => void) => boolean;
  /** The message being replied to, shown in the tray. */
  replyTo?: Message | null | undefined;
  /** Leaves reply mode. */
  onCancelReply?: (() => void) | undefined;
  /** The messages whose authors are suggested for @mentions. */
  mentionSource?: readonly Message[] | undefined;
  /** Called with a sent message. */
  onSent?: ((message: Message) => void) | undefined;
  /** The handle for the screen. */
  handleRef?: RefObject<ComposerHandle | null> | undefined;
}

/** The composer. */
export function Composer({
  target,
  label,
  sendLabel = 'Send',
  settle,
  replyTo,
  onCancelReply,
  mentionSource,
  onSent,
  handleRef,
}: ComposerProps) {
  const composer = useChatComposer(target);
  const { user } = useSession();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const listId = `${ids}-mentions`;

  const query = mentionQuery(text, caret);
  const suggestions =
    query && mentionSource && dismissed !== `${query.start}:${query.prefix}`
      ? mentionSuggestions(mentionSource, query.prefix, { self: user?.username })
      : [];
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  const pick = (username: string) => {
    if (!query) return;
    const next = applyMention(text, query, username);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  useImperativeHandle(handleRef, () => ({
    mention(username) {
      setText((current) => {
        const spacer = current && !/\s$/.test(current) ? ' ' : '';
        const next = `${current}${spacer}@${username} `;
        setCaret(next.length);
        return next;
      });
      box.current?.focus();
    },
    focus: () => box.current?.focus(),
  }));

  const send = async () => {
    const content = text;
    const outcome = await composer.send(content);
    if (outcome.status === 'done') {
      setText('');
      setCaret(0);
      onSent?.(outcome.value);
      return;
    }
    settle(outcome, () => void send());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(suggestions[activeIndex] as string);
        return;
      }
      if (event.key === 'Escape' && query) {
        event.preventDefault();
        setDismissed(`${query.start}:${query.prefix}`);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const trayOpen = Boolean(replyTo) || suggestions.length > 0;
  const length = Array.from(text).length;
  return (
    <form
      className="ss-chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {composer.error && (
        <p className="ss-chat-banner" role="alert">
          {composer.error}
        </p>
      )}
      {trayOpen && (
        <div className="ss-chat-tray">
          {replyTo && (
            <p className="ss-chat-tray__reply">
              <span>
                Replying to <strong>{chatAuthorName(replyTo.user)}</strong>:{' '}
                {truncateChatText(replyTo.content, 'replyContext')}
              </span>
              {onCancelReply && (
                <button type="button" className="ss-chat-link-button" onClick={onCancelReply}>
                  Cancel reply
                </button>
              )}
            </p>
          )}
          {suggestions.length > 0 && (
            <div id={listId} className="ss-chat-mentions" role="listbox" aria-label="Mention suggestions">
              {suggestions.map((name, index) => (
                <div
                  key={name}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  className="ss-chat-mentions__option"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(name);
                  }}
                >
                  @{name}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
      <div className="ss-chat-composer__row">
        <textarea
          ref={box}
          className="ss-chat-composer__input"
          aria-label={label}
          placeholder={label}
          rows={1}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          aria-autocomplete="list"
          aria-controls={suggestions.length > 0 ? listId : undefined}
          aria-activedescendant={suggestions.length > 0 ? `${listId}-${activeIndex}` : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="ss-button ss-chat-composer__send"
          disabled={composer.sending || composer.coolingDown}
        >
          {sendLabel}
        </button>
      </div>
      <p className="ss-chat-composer__status" aria-live="polite">
        {composer.coolingDown
          ? `You can send again in a few seconds (one message every ${composer.limitSeconds} secs).`
          : length > CHAT_MESSAGE_MAX - 50
            ? `${length}/${CHAT_MESSAGE_MAX}`
            : ''}
      </p>
    </form>
  );
}
