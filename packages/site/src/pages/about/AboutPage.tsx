/**
 * /about (spec 1 §2.1): what SportSpyder is, how it gathers coverage (the figures of spec 3 §9's
 * marketing claims), who it is for, and where to go next.
 * @module
 */
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The about page. */
export function AboutPage() {
  return (
    <StaticPage
      title="About SportSpyder"
      intro="SportSpyder gathers the news, podcasts, videos and conversation about your teams into one place, so you can follow everything without visiting dozens of sites."
    >
      <StaticSection title="What we do">
        <p>
          Every few minutes SportSpyder reads the sports coverage of newspapers, team sites, blogs, podcasts
          and video channels. It works out which teams, players and topics each story is about, groups the
          reports of the same event together and puts them on the pages of those teams and players.
        </p>
        <ul className="ss-static__figures" aria-label="SportSpyder in figures">
          <li>
            <strong>6,000+</strong> news sources
          </li>
          <li>
            <strong>6,000+</strong> podcasts
          </li>
          <li>
            <strong>~10,000</strong> articles a day
          </li>
          <li>
            <strong>~1,000</strong> episodes a day
          </li>
        </ul>
        <p>
          We link to the original stories: reading one takes you to its publisher. SportSpyder is not
          affiliated with any league, team or player.
        </p>
      </StaticSection>
      <StaticSection title="For fans">
        <p>
          Browse any sport or team without an account. A free account lets you follow teams, build your own
          feed, keep your podcasts in sync, chat with other fans and get your team&rsquo;s recap by e-mail.{' '}
          <Link to="/about/members">See what members get</Link>, or take{' '}
          <Link to="/about/pro">SportSpyder PRO</Link> for an ad-free site.
        </p>
        <p>
          New here? The <Link to="/about/features">feature guide</Link> walks through every part of the site.
        </p>
      </StaticSection>
      <StaticSection title="For publishers and developers">
        <p>
          Publishers can <Link to="/about/publishers">get their coverage listed and embed our widgets</Link>,
          and developers can <Link to="/about/developers">build on the SportSpyder API</Link>.
        </p>
      </StaticSection>
      <StaticSection title="Get in touch">
        <p>
          We would love to hear from you: <Link to="/contact/1">send us feedback</Link>, ask about{' '}
          <Link to="/contact/5">advertising</Link>, or read how we handle your data in our{' '}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
