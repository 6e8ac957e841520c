/**
 * The channel list pane (spec 3 §2): the place's own channels (a sport's or a team's), then the
 * general ones; choosing one opens it (and closes any thread, spec 3 §2).
 * @module
 */
import type { Channel } from '@sportspyder/contract';

/** Props of {@link ChannelListPane}. */
export interface ChannelListPaneProps {
  /** The place's channels. */
  channels: readonly Channel[];
  /** The general channels (shown under their own heading). */
  general: readonly Channel[];
  /** The open channel's id. */
  selectedId: number | null;
  /** Opens a channel. */
  onSelect: (channel: Channel) => void;
  /** True while the lists load. */
  loading: boolean;
}

function ChannelButtons({
  channels,
  selectedId,
  onSelect,
}: Pick<ChannelListPaneProps, 'channels' | 'selectedId' | 'onSelect'>) {
  return (
    <ul className="ss-chat-channels">
      {channels.map((channel) => (
        <li key={channel.id}>
          <button
            type="button"
            className="ss-chat-channels__item"
            aria-current={channel.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(channel)}
          >
            # {channel.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The channel list. */
export function ChannelListPane({ channels, general, selectedId, onSelect, loading }: ChannelListPaneProps) {
  return (
    <nav className="ss-chat-pane__body ss-chat-pane__body--scroll" aria-label="Channels">
      {loading && channels.length === 0 && general.length === 0 && (
        <p className="ss-chat-hint">Loading channels…</p>
      )}
      {channels.length > 0 && (
        <ChannelButtons channels={channels} selectedId={selectedId} onSelect={onSelect} />
      )}
      {general.length > 0 && (
        <>
          <h3 className="ss-chat-channels__heading">General</h3>
          <ChannelButtons channels={general} selectedId={selectedId} onSelect={onSelect} />
        </>
      )}
    </nav>
  );
}
