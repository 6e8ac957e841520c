/**
 * The persistent podcast player (spec 1 §2.9, §4.4): mounted once in the root layout, so it and the
 * page's audio element outlive every route change. Desktop: a full-width bar (content at most
 * 996 px) with play/pause, previous, next, back 10, forward 30, seek, speed, volume and close.
 * Mobile: a compact bar (artwork, title, play/pause, expand) that expands into a panel with every
 * control; it collapses on navigation. Space toggles play/pause unless focus is in an input,
 * textarea or button (the core's `handlePlayerKey`).
 * @module
 */
import { handlePlayerKey } from '@sportspyder/core';
import {
  PlayerControls,
  PlayerIcon,
  SeekSlider,
  SpeedSelect,
  useIsMobile,
  usePlayerSnapshot,
  VolumeControl,
} from '@sportspyder/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useSitePlayer } from './useSitePlayer.js';
import './player.css';

/** The player bar; renders nothing while no episode is loaded. */
export function PlayerBar() {
  const player = useSitePlayer();
  const snapshot = usePlayerSnapshot(player);
  const mobile = useIsMobile();
  const location = useLocation();

  // Spec 1 §2.9: the mobile player collapses on navigation (playback goes on).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => {
    player.collapse();
  }, [player, location.pathname]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      handlePlayerKey(player, event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [player]);

  const episode = snapshot.episode;
  if (!episode) return null;
  const expanded = mobile && snapshot.expanded;
  const status =
    snapshot.status === 'error' && snapshot.error
      ? `${snapshot.error.text}. ${snapshot.error.hint}`
      : (snapshot.label ?? '');
  const className = [
    'ss-playerbar',
    mobile ? 'ss-playerbar--mobile' : 'ss-playerbar--desktop',
    expanded ? 'is-expanded' : '',
    snapshot.status === 'error' ? 'has-error' : '',
  ]
    .filter(Boolean)
    .join(' ');

  const info = (
    <div className="ss-playerbar__info">
      {episode.imageUrl ? (
        <img className="ss-playerbar__art" src={episode.imageUrl} alt="" width={48} height={48} />
      ) : (
        <span className="ss-playerbar__art ss-playerbar__art--empty" aria-hidden="true" />
      )}
      <div className="ss-playerbar__titles">
        <Link className="ss-playerbar__title" to={`/episodes/${episode.id}`}>
          {episode.title}
        </Link>
        <span className="ss-playerbar__podcast">
          {episode.podcastTitle}
          {snapshot.speedLabel && <span className="ss-playerbar__badge">{snapshot.speedLabel}</span>}
        </span>
      </div>
    </div>
  );
  const statusLine = (
    <p className="ss-playerbar__status" role="status" aria-live="polite">
      {status}
    </p>
  );
  const close = (
    <button
      type="button"
      className="ss-player-button ss-playerbar__close"
      aria-label="Close player"
      onClick={() => player.close()}
    >
      <PlayerIcon name="close" />
    </button>
  );
  const seek = (
    <SeekSlider time={snapshot.time} duration={snapshot.duration} onSeek={(time) => player.seek(time)} />
  );

  if (mobile && !expanded) {
    const active =
      snapshot.status === 'playing' || snapshot.status === 'loading' || snapshot.status === 'buffering';
    return (
      <>
        <div className="ss-playerbar-spacer ss-playerbar-spacer--mobile" aria-hidden="true" />
        <section className={className} aria-label="Podcast player" data-testid="player-bar">
          <div
            className="ss-playerbar__progress"
            style={{ width: `${snapshot.progressPercent}%` }}
            aria-hidden="true"
          />
          <div className="ss-playerbar__row">
            {info}
            <button
              type="button"
              className="ss-player-button ss-player-button--main"
              aria-label={active ? 'Pause' : 'Play'}
              onClick={() => void player.toggle()}
            >
              <PlayerIcon name={active ? 'pause' : 'play'} size={24} />
            </button>
            <button
              type="button"
              className="ss-player-button"
              aria-label="Expand player"
              aria-expanded={false}
              onClick={() => player.expand()}
            >
              <PlayerIcon name="expand" />
            </button>
          </div>
          {statusLine}
        </section>
      </>
    );
  }

  if (mobile) {
    return (
      <>
        <div className="ss-playerbar-spacer ss-playerbar-spacer--mobile" aria-hidden="true" />
        <section className={className} aria-label="Podcast player" data-testid="player-bar">
          <div className="ss-playerbar__row">
            {info}
            <button
              type="button"
              className="ss-player-button"
              aria-label="Collapse player"
              aria-expanded={true}
              onClick={() => player.collapse()}
            >
              <PlayerIcon name="collapse" />
            </button>
            {close}
          </div>
          {seek}
          <PlayerControls state={snapshot} actions={player} />
          <div className="ss-playerbar__extras">
            <SpeedSelect speed={snapshot.speed} onChange={(speed) => player.setSpeed(speed)} />
            <span className="ss-playerbar__remaining">{snapshot.remainingLabel}</span>
          </div>
          {statusLine}
        </section>
      </>
    );
  }

  return (
    <>
      <div className="ss-playerbar-spacer" aria-hidden="true" />
      <section className={className} aria-label="Podcast player" data-testid="player-bar">
        <div className="ss-playerbar__inner">
          {info}
          <PlayerControls state={snapshot} actions={player} />
          <div className="ss-playerbar__middle">
            {seek}
            {statusLine}
          </div>
          <SpeedSelect speed={snapshot.speed} onChange={(speed) => player.setSpeed(speed)} />
          <VolumeControl volume={snapshot.volume} onChange={(volume) => player.setVolume(volume)} />
          {close}
        </div>
      </section>
    </>
  );
}
