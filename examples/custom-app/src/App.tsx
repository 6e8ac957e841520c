// The dashboard of one team: its news, its scores, its latest podcast episode and its live chat, with
// the player bar outside the team's sections, so playback goes on while the reader switches teams.
import { useReference } from '@sportspyder/react';
import { useState } from 'react';
import { ChatPanel } from './ChatPanel.js';
import { LatestEpisode } from './LatestEpisode.js';
import { NewsPanel } from './NewsPanel.js';
import { PlayerBar } from './PlayerBar.js';
import { ScoresPanel } from './ScoresPanel.js';

/** The team shown first: `?team=<slug>` in the address, else the Packers. */
function initialTeam(): string {
  return new URLSearchParams(window.location.search).get('team') ?? 'green-bay-packers';
}

export function App() {
  const [slug, setSlug] = useState(initialTeam);
  // The precached sports and teams (client.start() loaded them): names, logos and the team picker.
  const { teamsBySlug, loading } = useReference();
  const team = teamsBySlug[slug];
  const sameSport = Object.values(teamsBySlug)
    .filter((t) => t.sport === (team?.sport ?? 'nfl'))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));

  const choose = (next: string) => {
    setSlug(next);
    window.history.replaceState(null, '', `?team=${next}`);
  };

  return (
    <>
      <header className="app-header">
        <h1>{team ? `${team.fullName} dashboard` : 'Team dashboard'}</h1>
        <label>
          Team{' '}
          <select value={slug} onChange={(event) => choose(event.target.value)} disabled={loading}>
            {sameSport.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.fullName}
              </option>
            ))}
          </select>
        </label>
      </header>
      {!loading && !team ? (
        <main className="app-main">
          <p role="alert">SportSpyder has no team “{slug}”.</p>
        </main>
      ) : (
        <main className="app-main">
          <NewsPanel teamSlug={slug} />
          <div className="app-side">
            <ScoresPanel teamSlug={slug} />
            <LatestEpisode teamSlug={slug} />
            <ChatPanel teamSlug={slug} />
          </div>
        </main>
      )}
      <PlayerBar />
    </>
  );
}
