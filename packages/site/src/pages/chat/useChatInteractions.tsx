/**
 * What a chat or comments screen does with the member's actions (spec 3 §2, §4): one place that
 * acts on the chat's outcomes — a visitor gets the sign-in prompt, a member who has not accepted
 * the rules gets the rules with 'I agree', after which the action runs again — and that owns the
 * modals (settings, rules, identity, user card, copy link, delete, report, share). The screen
 * renders `dialogs` once and hands `actions` to its messages.
 * @module
 */
import type { Channel, ChatUser, Message } from '@sportspyder/contract';
import type { ChannelScope, ChatOutcome } from '@sportspyder/core';
import { useChat, useSession } from '@sportspyder/react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../configure/ConfirmDialog.js';
import { SignInPrompt } from '../team/SignInPrompt.js';
import { CopyLinkDialog } from './CopyLinkDialog.js';
import { messageLinkPath } from './chatPaths.js';
import { IdentityDialog } from './IdentityDialog.js';
import type { MessageActions } from './MessageItem.js';
import { ReportDialog } from './ReportDialog.js';
import { RulesDialog } from './RulesDialog.js';
import { SettingsDialog } from './SettingsDialog.js';
import { ShareDialog } from './ShareDialog.js';
import { UserCardDialog } from './UserCardDialog.js';
import '../configure/configure.css';
import '../team/team.css';

/** An article or episode to share into a channel. */
export interface ShareRequest {
  /** What it is. */
  kind: 'article' | 'episode';
  /** Its id. */
  id: number;
  /** Its title. */
  title: string;
  /** The page's own channel lists (its teams', its sports'), offered first. */
  scopes?: readonly ChannelScope[] | undefined;
}

type Modal =
  | { kind: 'sign-in' }
  | { kind: 'rules'; retry?: (() => void) | undefined; accept: boolean }
  | { kind: 'settings' }
  | { kind: 'identity' }
  | { kind: 'user'; user: ChatUser }
  | { kind: 'copy'; message: Message }
  | { kind: 'delete'; message: Message }
  | { kind: 'report'; message: Message }
  | { kind: 'share'; share: ShareRequest };

/** Options of {@link useChatInteractions}. */
export interface ChatInteractionOptions {
  /** The channel's moderators (user ids): the reader may delete any message when among them. */
  moderators?: readonly number[] | undefined;
  /** Puts '@username ' in the screen's composer (the user card's Mention). */
  onMention?: ((username: string) => void) | undefined;
}

/** What a screen gets. */
export interface ChatInteractions {
  /** The message actions. */
  actions: MessageActions;
  /**
   * Acts on an outcome: the sign-in prompt, the rules (then `retry`), nothing for the rest (the
   * composer's banner shows send errors). Answers true when the action was done.
   */
  settle(outcome: ChatOutcome<unknown>, retry?: () => void): boolean;
  /** Runs `then` when the reader may act in chat, else opens the prompt or the rules first. */
  guard(then: () => void): void;
  /** Opens the messaging settings (a visitor gets the sign-in prompt). */
  openSettings(): void;
  /** Opens the rules to read. */
  openRules(): void;
  /** Opens the share dialog. */
  openShare(share: ShareRequest): void;
  /** The open modal, to render once. */
  dialogs: ReactNode;
}

/** The interactions of a chat or comments screen. */
export function useChatInteractions(options: ChatInteractionOptions = {}): ChatInteractions {
  const chat = useChat();
  const { user } = useSession();
  const [modal, setModal] = useState<Modal | null>(null);
  const close = useCallback(() => setModal(null), []);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const settle = useCallback((outcome: ChatOutcome<unknown>, retry?: () => void): boolean => {
    if (outcome.status === 'sign-in-needed') setModal({ kind: 'sign-in' });
    else if (outcome.status === 'rules-needed') setModal({ kind: 'rules', retry, accept: true });
    return outcome.status === 'done';
  }, []);

  const guard = useCallback(
    (then: () => void) => {
      const refusal = chat.gate();
      if (refusal) settle(refusal, then);
      else then();
    },
    [chat, settle],
  );

  const actions = useMemo<MessageActions>(
    () => ({
      like(message) {
        const run = () => {
          void chat.toggleLike(message.id).then((outcome) => settle(outcome, run));
        };
        run();
      },
      report: (message) => guard(() => setModal({ kind: 'report', message })),
      remove: (message) => setModal({ kind: 'delete', message }),
      copyLink: (message) => setModal({ kind: 'copy', message }),
      userCard: (author) => setModal({ kind: 'user', user: author }),
    }),
    [chat, guard, settle],
  );

  const failure = (outcome: ChatOutcome<unknown>): string | null => {
    if (outcome.status === 'failed') return outcome.error;
    if (outcome.status === 'invalid') return outcome.error ?? 'Please check the form.';
    settle(outcome);
    return null;
  };

  let dialogs: ReactNode = null;
  if (modal?.kind === 'sign-in') {
    dialogs = (
      <div className="ss-chat-signin">
        <SignInPrompt action="chat and comment" onClose={close} />
      </div>
    );
  } else if (modal?.kind === 'rules') {
    const retry = modal.retry;
    dialogs = (
      <RulesDialog
        onClose={close}
        onAccept={
          modal.accept
            ? async () => {
                const outcome = await chat.acceptRules();
                if (outcome.status !== 'done') return failure(outcome) ?? 'Please try again.';
                setModal(null);
                retry?.();
                return null;
              }
            : undefined
        }
      />
    );
  } else if (modal?.kind === 'settings' && user) {
    dialogs = (
      <SettingsDialog
        user={user}
        onClose={close}
        onIdentity={() => setModal({ kind: 'identity' })}
        onRules={() => setModal({ kind: 'rules', accept: !user.chatAcceptedRules })}
      />
    );
  } else if (modal?.kind === 'identity' && user) {
    dialogs = (
      <IdentityDialog
        user={user}
        onClose={close}
        onSave={async (identity) => {
          const outcome = await chat.setIdentity(identity);
          return outcome.status === 'done' ? null : (failure(outcome) ?? 'Please try again.');
        }}
      />
    );
  } else if (modal?.kind === 'user') {
    const author = modal.user;
    const mention = optionsRef.current.onMention;
    dialogs = (
      <UserCardDialog
        user={author}
        moderator={options.moderators?.includes(author.id) ?? false}
        onClose={close}
        onMention={
          mention
            ? () => {
                setModal(null);
                mention(author.username);
              }
            : undefined
        }
      />
    );
  } else if (modal?.kind === 'copy') {
    dialogs = (
      <CopyLinkDialog url={`${window.location.origin}${messageLinkPath(modal.message)}`} onClose={close} />
    );
  } else if (modal?.kind === 'delete') {
    const target = modal.message;
    dialogs = (
      <ConfirmDialog
        title="Delete this message?"
        text="It will read 'This message was deleted' for everyone."
        confirmLabel="Delete"
        onCancel={close}
        onConfirm={() => {
          setModal(null);
          void chat.deleteMessage(target).then((outcome) => settle(outcome));
        }}
      />
    );
  } else if (modal?.kind === 'report') {
    const target = modal.message;
    dialogs = (
      <ReportDialog
        onClose={close}
        onReport={async (input) => {
          const outcome = await chat.report(target.id, input);
          return outcome.status === 'done' ? null : (failure(outcome) ?? 'Please try again.');
        }}
      />
    );
  } else if (modal?.kind === 'share') {
    const { share } = modal;
    dialogs = (
      <ShareDialog
        kind={share.kind}
        title={share.title}
        scopes={share.scopes}
        onClose={close}
        onShare={async (channel: Channel) => {
          const outcome = await chat
            .composer({ channelId: channel.id })
            .share(share.kind === 'article' ? { articleId: share.id } : { episodeId: share.id });
          if (outcome.status === 'done') return { link: messageLinkPath(outcome.value) };
          if (outcome.status === 'cooldown') {
            return { error: outcome.error ?? 'Please wait a few seconds before sharing again.' };
          }
          const problem = failure(outcome);
          return problem ? { error: problem } : null;
        }}
      />
    );
  }

  return {
    actions,
    settle,
    guard,
    openSettings: () => {
      if (!user) setModal({ kind: 'sign-in' });
      else setModal({ kind: 'settings' });
    },
    openRules: () => setModal({ kind: 'rules', accept: Boolean(user && !user.chatAcceptedRules) }),
    openShare: (share) => guard(() => setModal({ kind: 'share', share })),
    dialogs,
  };
}
