/**
 * The 403 page of the admin screens: a signed-in member who is not an admin reaches an admin address.
 * Drawn like the other error pages (spec 1 §8): the sentence, why, and the way home.
 * @module
 */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';

/** The heading of the 403 page. */
export const FORBIDDEN_TEXT = "You don't have access to this page";

/** The 403 page. */
export function ForbiddenPage() {
  useDocumentTitle('No Access');
  return (
    <section className="ss-error ss-error--forbidden" aria-labelledby="ss-error-forbidden">
      <h1 id="ss-error-forbidden" className="ss-error__title">
        {FORBIDDEN_TEXT}
      </h1>
      <p className="ss-error__text">
        This page is for SportSpyder’s administrators, and your account is a member’s account. If you think
        you should have access, <Link to="/contact/1">contact us</Link>.
      </p>
      <p className="ss-error__actions">
        <Link to="/" className="ss-button">
          Home
        </Link>
      </p>
    </section>
  );
}
