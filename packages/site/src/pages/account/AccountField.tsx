/**
 * A labelled input of the account forms with its message under it: the field is marked
 * (`aria-invalid`) and described by the message when the server named it.
 * @module
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

/** Props of {@link AccountField}. */
export interface AccountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label. */
  label: string;
  /** The field's error, shown under it (text or text with links). */
  error?: ReactNode;
  /** A hint shown under the input while there is no error. */
  hint?: string;
}

/** One field of an account form. */
export function AccountField({ label, error, hint, ...input }: AccountFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className="ss-form__field">
      <label className="ss-form__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      />
      {message ? (
        <p id={messageId} className={error ? 'ss-form__error' : 'ss-form__hint'}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
