/**
 * The chat pages (spec 2 §2, spec 3 §2): sport chat at `/sports/:sportId/chat` and team chat (the
 * team "Chat" tab) at `/:sportId/:teamId/chat`, both with the optional `/:channelId/:messageId`
 * naming the open channel and thread, so opening a channel or a thread changes the address and the
 * back button walks the panes back.
 * @module
 */
import type { ChannelScope } from '@sportspyder/core';
import { useCallback } from 'react';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { numericId } from '../news/useNewsContent.js';
import type { SportOutletContext } from '../SportLayout.js';
import type { TeamOutletContext } from '../TeamLayout.js';
import { ChatView } from './ChatView.js';
import { type ChatPageScope, chatBasePath, chatPanePath } from './chatPaths.js';

/** Props of {@link ChatPage}. */
export interface ChatPageProps {
  /** The page title, e.g. 'NFL Chat'. */
  title: string;
  /** Where the page lives. */
  place: ChatPageScope;
  /** Whose channels are listed. */
  scope: ChannelScope;
}

/** A chat page. */
export function ChatPage({ title, place, scope }: ChatPageProps) {
  useDocumentTitle(title);
  const params = useParams();
  const navigate = useNavigate();
  const base = chatBasePath(place);
  const onNavigate = useCallback(
    (channelId: number, threadId: number | null) => navigate(chatPanePath(base, channelId, threadId)),
    [navigate, base],
  );
  return (
    <article className="ss-page ss-chat-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">{title}</h1>
      </header>
      <ChatView
        scope={scope}
        channelId={numericId(params.channelId)}
        threadId={numericId(params.messageId)}
        onNavigate={onNavigate}
        label={title}
      />
    </article>
  );
}

/** The sport chat page inside the sport frame. */
export function SportChatPage() {
  const { sport } = useOutletContext<SportOutletContext>();
  return (
    <ChatPage
      title={`${sport.name} Chat`}
      place={{ kind: 'sport', sportSlug: sport.slug }}
      scope={{ sportId: sport.slug }}
    />
  );
}

/** The team chat page (the team "Chat" tab) inside the team frame. */
export function TeamChatPage() {
  const { team } = useOutletContext<TeamOutletContext>();
  return (
    <ChatPage
      title={`${team.fullName} Chat`}
      place={{ kind: 'team', sportSlug: team.sportSlug, teamSlug: team.slug }}
      scope={{ teamId: team.slug }}
    />
  );
}
