/**
 * Share article/episode (spec 3 §2): pick a chat channel and post the article or episode into it
 * as a share ('[article]'/'[episode]' with its card). The page's own channels come first (an
 * article's teams' and sport's, a podcast's teams' and sports': core's `shareChannelScopes`), then the
 * general channels, which are always offered; the first is chosen.
 * @module
 */
import type { Channel } from '@sportspyder/contract';
import { type ChannelScope, truncateChatText } from '@sportspyder/core';
import { useLinkComponent, useShareChannels } from '@sportspyder/react';
import { useState } from 'react';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link ShareDialog}. */
export interface ShareDialogProps {
  /** What is shared: 'article' or 'episode'. */
  kind: 'article' | 'episode';
  /** Its title. */
  title: string;
  /** The page's own channel lists (its teams', its sports'), offered before the general ones. */
  scopes?: readonly ChannelScope[] | undefined;
  /** Shares into a channel; answers the shared message's link, or an error. */
  onShare: (channel: Channel) => Promise<{ link: string } | { error: string } | null>;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The share dialog. */
export function ShareDialog({ kind, title, scopes = [], onShare, onClose }: ShareDialogProps) {
  const Link = useLinkComponent();
  const channels = useShareChannels(scopes).data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ link: string } | { error: string } | null>(null);
  const channelId = chosen ?? channels[0]?.id ?? null;
  const share = async () => {
    const channel = channels.find((c) => c.id === channelId);
    if (!channel) return;
    setBusy(true);
    setResult(await onShare(channel));
    setBusy(false);
  };
  const shared = result && 'link' in result ? result : null;
  return (
    <ChatDialog
      title={kind === 'article' ? 'Share article' : 'Share episode'}
      description={truncateChatText(title, 'title')}
      onClose={onClose}
      actions={
        shared ? (
          <button type="button" className="ss-button" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="ss-button ss-button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="ss-button" disabled={busy || channelId === null} onClick={share}>
              Share
            </button>
          </>
        )
      }
    >
      {shared ? (
        <p role="status">
          Shared. <Link href={shared.link}>View it in the chat</Link>
        </p>
      ) : (
        <fieldset className="ss-chat-reasons">
          <legend>Share in</legend>
          {channels.length === 0 && <p className="ss-chat-hint">Loading channels…</p>}
          {channels.map((channel) => (
            <label key={channel.id} className="ss-chat-check">
              <input
                type="radio"
                name="share-channel"
                checked={channelId === channel.id}
                onChange={() => setChosen(channel.id)}
              />
              {channel.name}
            </label>
          ))}
        </fieldset>
      )}
      {result && 'error' in result && (
        <p className="ss-chat-banner" role="alert">
          {result.error}
        </p>
      )}
    </ChatDialog>
  );
}
