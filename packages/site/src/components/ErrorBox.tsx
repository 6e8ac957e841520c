/**
 * The form error box of spec 3 §8: "The following problems were encountered:", each error title, then
 * "Please correct the above issues and try again."
 * @module
 */

/** Props of {@link ErrorBox}. */
export interface ErrorBoxProps {
  /** The error titles to list; nothing renders when empty. */
  titles: readonly string[];
}

/** Lists a form's server errors; announced to screen readers as an alert. */
export function ErrorBox({ titles }: ErrorBoxProps) {
  if (titles.length === 0) return null;
  return (
    <div className="ss-errorbox" role="alert">
      <p>The following problems were encountered:</p>
      <ul>
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
      <p>Please correct the above issues and try again.</p>
    </div>
  );
}
