// The embed configurator's snippet rule (issue 16): with the release's hashes the headline tag names the
// versioned, immutable URL with its sha384 and crossorigin="anonymous"; without them (no build, a file
// missing from integrity.json, a malformed hash) the moving URL and no integrity attribute.
import { describe, expect, it } from 'vitest';
import { widgetSnippet, widgetSource } from '../widget-snippet.js';

const HASH = 'sha384-S2VgpSGEwyQEoRKfdW5CPZLd/m+rU8V8WougMGn+eFX21HHUchLyZyAurRtBdy41';
const release = { version: '0.1.0', files: { 'headline.js': HASH, 'player.js': 'sha384-b' } };

describe('widgetSource', () => {
  it('picks the versioned path and hash of a listed file', () => {
    expect(widgetSource(release)).toEqual({ scriptPath: '/widgets/v0.1.0/headline.js', integrity: HASH });
    expect(widgetSource(release, 'player.js')).toEqual({
      scriptPath: '/widgets/v0.1.0/player.js',
      integrity: 'sha384-b',
    });
  });

  it('falls back to the moving path without a hash', () => {
    const moving = { scriptPath: '/widgets/headline.js', integrity: undefined };
    expect(widgetSource(undefined)).toEqual(moving);
    expect(widgetSource({ version: '0.1.0', files: {} })).toEqual(moving);
    expect(widgetSource({ version: '0.1.0', files: { 'headline.js': 'md5-"><script>' } })).toEqual(moving);
  });
});

describe('widgetSnippet with integrity', () => {
  it('adds integrity and crossorigin="anonymous" to the versioned tag', () => {
    const snippet = widgetSnippet({
      origin: 'https://sportspyder.com/',
      team: 'nba/boston-celtics',
      limit: 4,
      theme: 'dark',
      ...widgetSource(release),
    });
    expect(snippet).toBe(
      `<script async src="https://sportspyder.com/widgets/v0.1.0/headline.js" integrity="${HASH}" crossorigin="anonymous" data-team="nba/boston-celtics" data-limit="4" data-theme="dark"></script>`,
    );
  });

  it('leaves both attributes out for the moving URL', () => {
    const snippet = widgetSnippet({
      origin: 'https://sportspyder.com',
      team: 'nfl/dallas-cowboys',
      ...widgetSource(null),
    });
    expect(snippet).toBe(
      '<script async src="https://sportspyder.com/widgets/headline.js" data-team="nfl/dallas-cowboys" data-limit="6"></script>',
    );
  });
});
