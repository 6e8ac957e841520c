// The persistent player bar: rendered once, outside the team's sections, so the episode keeps playing
// while the reader switches teams. Built from the player components of @sportspyder/react.
import { PlayerControls, SeekSlider, usePlayerSnapshot } from '@sportspyder/react';
import { usePlayer } from './usePlayer.js';

export function PlayerBar() {
  const player = usePlayer();
  const snapshot = usePlayerSnapshot(player);
  if (!snapshot.episode) return null;
  return (
    <section className="player-bar" aria-label="Podcast player">
      <div className="player-bar__title">
        <strong>{snapshot.episode.title}</strong>
        <span>{snapshot.label ?? snapshot.episode.podcastTitle}</span>
      </div>
      <PlayerControls state={snapshot} actions={player} hideTrackButtons />
      <SeekSlider time={snapshot.time} duration={snapshot.duration} onSeek={player.seek} />
      {snapshot.error && <p role="alert">{snapshot.error.text}</p>}
    </section>
  );
}
