/**
 * /about/developers: the SportSpyder API (read-only `api/v1` with an API key as a bearer token),
 * an example call, where the reference lives (the developer docs at /developers/, served by the server,
 * and the OpenAPI document), and how to ask for access (/contact/7; keys at /settings/api once granted).
 * @module
 */
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';
import { siteOrigin } from './siteOrigin.js';

/** The developers page. */
export function DevelopersPage() {
  const example = `curl -H "Authorization: Bearer $SPORTSPYDER_API_KEY" \\\n  "${siteOrigin()}/api/v1/teams"`;
  return (
    <StaticPage
      title="For Developers"
      intro="The data behind SportSpyder (sports, teams, players, articles, podcasts and episodes) is available through a JSON API."
    >
      <StaticSection title="The API">
        <p>
          Every page of SportSpyder is built on the same <code>api/v1</code> calls you can make. With an API
          key the read calls answer your server directly: lists are paged, and errors come back as a list of
          problems, each with a title, a code and the field concerned.
        </p>
        <pre className="ss-static__code">
          <code>{example}</code>
        </pre>
        <p>
          API keys are read-only: they never change anything on an account, and they have a rate limit of
          their own (a <code>429</code> answer says in <code>Retry-After</code> when to try again).
        </p>
      </StaticSection>
      <StaticSection title="Reference">
        <ul>
          <li>
            {/* A server route outside the site's router: a full page load, not a client-side link. */}
            <a href="/developers/">The developer docs</a>: guides (the core client in Node and in a browser,
            React, the embeds, the realtime protocol, the REST API, running the server) and the reference of{' '}
            <code>@sportspyder/core</code>, <code>@sportspyder/react</code>,{' '}
            <code>@sportspyder/contract</code> and the widgets, every example type-checked.
          </li>
          <li>
            The OpenAPI document of every call, with its parameters and answers, is published with the project
            as <code>docs/openapi.json</code>.
          </li>
          <li>
            To show SportSpyder content on a web page without code, use the{' '}
            <Link to="/about/publishers">headline and podcast player widgets</Link>.
          </li>
        </ul>
      </StaticSection>
      <StaticSection title="Getting a key">
        <ol>
          <li>
            <Link to="/join">Create an account</Link> if you do not have one.
          </li>
          <li>
            <Link to="/contact/7">Ask for API access</Link>: tell us what you are building and roughly how
            many requests a day you need.
          </li>
          <li>
            Once access is granted, create and delete your keys under{' '}
            <Link to="/settings/api">Settings › API</Link>. A key is shown once, when it is created: keep it
            secret, on your server.
          </li>
        </ol>
      </StaticSection>
    </StaticPage>
  );
}
