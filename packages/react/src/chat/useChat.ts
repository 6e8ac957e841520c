/**
 * The provider client's chat (core `chatFor`): its stores and the member's actions (like, report,
 * delete, accept the rules, identity), shared by every chat hook of the page.
 * @module
 */
import { type Chat, type ChatRefusal, chatFor } from '@sportspyder/core';
import { useClient } from '../hooks/useClient.js';
import { useSession } from '../hooks/useSession.js';

/**
 * The chat of the nearest provider's client.
 *
 * @example
 * ```tsx
 * const chat = useChat();
 * const onLike = async () => {
 *   const outcome = await chat.toggleLike(message.id);
 *   if (outcome.status === 'sign-in-needed') openSignIn();
 *   if (outcome.status === 'rules-needed') openRules();
 * };
 * ```
 */
export function useChat(): Chat {
  return chatFor(useClient());
}

/**
 * Whether the reader may act in chat, following the session: null, or 'sign-in-needed' (a
 * visitor) or 'rules-needed' (a member who has not accepted the rules; spec 3 §4).
 *
 * @example
 * ```tsx
 * const gate = useChatGate();
 * <button onClick={gate?.status === 'sign-in-needed' ? openSignIn : send}>Send</button>
 * ```
 */
export function useChatGate(): ChatRefusal | null {
  const { loggedIn, user } = useSession();
  if (!loggedIn || !user) return { status: 'sign-in-needed' };
  return user.chatAcceptedRules ? null : { status: 'rules-needed' };
}
