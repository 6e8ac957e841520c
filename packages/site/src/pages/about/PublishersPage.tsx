/**
 * /about/publishers: how a publisher's coverage gets on SportSpyder (submit a site, what we link
 * to, featured content) and how to embed the team headline widget and the podcast player widget
 * (packages/widgets) on their own pages, with copyable snippets built on this site's origin; the
 * headline widget through the embed configurator (../widgets/EmbedConfigurator) with a live preview.
 * @module
 */
import type { PodcastList } from '@sportspyder/contract';
import { useClient, useResource } from '@sportspyder/react';
import { Link } from 'react-router';
import { EmbedConfigurator } from '../widgets/EmbedConfigurator.js';
import { StaticPage, StaticSection } from './StaticPage.js';
import { siteOrigin } from './siteOrigin.js';

/** The team the page's examples use (the configurator's first team). */
const EXAMPLE_TEAM = 'green-bay-packers';

/** The publishers page. */
export function PublishersPage() {
  const origin = siteOrigin();
  const client = useClient();
  // A podcast that exists on this server, so the snippet plays when pasted (a made-up id showed
  // "no longer available").
  const podcasts = useResource(`site/publishers/podcast/${EXAMPLE_TEAM}`, () =>
    client.api.get<PodcastList>(`api/v1/teams/${EXAMPLE_TEAM}/podcasts`, { query: { perPage: 1 } }),
  );
  const podcastId = podcasts.data?.podcasts[0]?.id;
  const player = `<script async src="${origin}/widgets/player.js" data-podcast="${podcastId ?? 'PODCAST_ID'}" data-theme="auto"></script>`;
  return (
    <StaticPage
      title="For Publishers"
      intro="SportSpyder sends fans to the people who write, record and film sports coverage. Here is how to get your coverage listed and how to bring SportSpyder to your own pages."
    >
      <StaticSection title="Get your coverage listed">
        <p>
          We list sports news sites, team blogs, podcasts and video channels that publish regularly and have
          an RSS or Atom feed. Every story links to its original page: readers go to you to read it.
        </p>
        <p>
          <Link to="/contact/3">Submit your website</Link> with the address of its home page or feed. If a
          story of yours is missing from a team&rsquo;s feed,{' '}
          <Link to="/contact/2">report the missing article</Link> and we will find out why.
        </p>
      </StaticSection>
      <StaticSection title="Featured and promoted content">
        <p>
          Publishers can have articles and episodes featured at the top of team and sport pages; they are
          always labelled as promoted. Read <Link to="/featured">how featured content works</Link> or{' '}
          <Link to="/contact/5">ask us about advertising and featured content</Link>.
        </p>
      </StaticSection>
      <StaticSection title="Embed the team headline widget">
        <p>
          A box of a team&rsquo;s latest headlines for your site. Pick the team and options, check the
          preview, and paste the tag where the box should appear; every team page also has the configurator
          under its Widgets tab.
        </p>
        <EmbedConfigurator
          initialTeam={`nfl/${EXAMPLE_TEAM}`}
          initialTeamName="Green Bay Packers"
          origin={origin}
        />
        <p>The tag&rsquo;s options:</p>
        <ul>
          <li>
            <code>data-team</code>: the team as <code>sport/team</code>, as in its SportSpyder address.
          </li>
          <li>
            <code>data-limit</code>: how many headlines, 1 to 12 (6 by default).
          </li>
          <li>
            <code>data-theme</code>: <code>light</code>, <code>dark</code> or <code>auto</code> (follows the
            reader&rsquo;s system setting).
          </li>
          <li>
            <code>data-lazy</code>: load only when the reader scrolls near it; <code>data-target</code>: a CSS
            selector of the element to mount into.
          </li>
        </ul>
      </StaticSection>
      <StaticSection title="Embed the podcast player">
        <p>
          Play a podcast&rsquo;s latest episode (<code>data-podcast</code>) or one episode (
          <code>data-episode</code>) on your page. Listeners keep their place between visits. The id is the
          number in the podcast&rsquo;s or episode&rsquo;s SportSpyder address
          {podcastId === undefined ? '' : '; the example plays a Green Bay Packers podcast'}.
        </p>
        <pre className="ss-static__code">
          <code>{player}</code>
        </pre>
        <p>
          Both widgets run in their own shadow root, so your styles and theirs never mix, and they work under
          a strict Content Security Policy: add <code>data-nonce</code> when your policy uses nonces. Several
          widgets can share a page.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
