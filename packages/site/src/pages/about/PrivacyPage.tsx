/**
 * /privacy: the privacy policy in plain words: what SportSpyder stores and why, the cookies, the
 * services that see data (card provider, captcha, ads), how long things are kept, and the member's
 * controls (download, delete, e-mail choices).
 * @module
 */
import { Link } from 'react-router';
import { StaticPage, StaticSection } from './StaticPage.js';

/** The privacy policy. */
export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro="We collect as little as we can, use it only to run SportSpyder, and never sell it. This page says what we keep, why, and how you control it."
    >
      <StaticSection title="What we store">
        <h3 className="ss-static__subtitle">When you browse</h3>
        <p>
          Which pages are viewed, with a random identifier of your browser, the referring page and whether you
          are on a phone. We use this to count readers, rank popular stories and find problems. Your podcast
          progress and recent listens are kept in your browser.
        </p>
        <h3 className="ss-static__subtitle">When you have an account</h3>
        <p>
          Your e-mail address, username and display name; your password only as a one-way hash; the teams,
          sources, podcasts and fantasy teams you follow or create; your listening progress; your notification
          and e-mail choices; your chat messages and comments.
        </p>
        <h3 className="ss-static__subtitle">When you contact us or subscribe</h3>
        <p>
          The messages you send through the <Link to="/contact">contact form</Link> with the address to
          answer, and the address you give for a team recap newsletter.
        </p>
      </StaticSection>
      <StaticSection title="Cookies">
        <p>
          We set two cookies of our own: one keeps you signed in, the other protects forms against cross-site
          requests. Neither follows you to other sites. Our advertising partners may set their own cookies to
          show ads; PRO members get no ads and no ad code.
        </p>
      </StaticSection>
      <StaticSection title="Services that see some data">
        <ul>
          <li>
            Our card provider processes PRO payments. We never see your card number: we keep only its brand,
            last four digits and expiry.
          </li>
          <li>
            When enabled, Google reCAPTCHA checks that sign-ups and contact messages come from people; it
            receives information about your visit under Google&rsquo;s privacy policy.
          </li>
          <li>Our e-mail provider delivers the messages you asked for.</li>
          <li>Advertising partners show the ads that keep SportSpyder free (not to PRO members).</li>
        </ul>
      </StaticSection>
      <StaticSection title="Your controls">
        <ul>
          <li>
            Change what we e-mail you and which notifications you get in{' '}
            <Link to="/settings/emails">your e-mail settings</Link>, or with the unsubscribe link of any
            e-mail.
          </li>
          <li>
            Download everything stored about your account as one file, or delete the account, from{' '}
            <Link to="/settings/account">your account settings</Link>. Deleting erases your personal data;
            your chat messages stay in their conversations, anonymised.
          </li>
          <li>
            Questions about your data? <Link to="/contact/1">Write to us</Link>.
          </li>
        </ul>
      </StaticSection>
      <StaticSection title="How long we keep things">
        <p>
          Account data stays until you delete the account. Sent e-mails are kept for 30 days. A sign-in lasts
          30 days, and every sign-in ends when you change your password.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
