/**
 * The data cards of /settings/account (issue 13): "Download my data" (one JSON file of everything
 * the account holds) and "Delete account" after typing the password, confirmed in a dialog. Deleting
 * signs this browser out (every other session ends on the server) and goes home.
 * @module
 */
import {
  deleteAccount,
  downloadAccountData,
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { AccountField } from '../account/AccountField.js';
import { ConfirmDialog } from '../configure/ConfirmDialog.js';
import '../configure/configure.css';

/** Saves a text as a file through a temporary link (the browser's own download). */
function saveFile(file: { fileName: string; text: string; type: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Download my data and Delete account. */
export function AccountDataSection() {
  const client = useClient();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      saveFile(await downloadAccountData(client));
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_FORM_ERRORS);
    setConfirming(true);
  };

  const remove = async () => {
    setConfirming(false);
    setDeleting(true);
    try {
      await deleteAccount(client, password);
      navigate('/', { replace: true });
    } catch (error) {
      setErrors(formErrors(error));
      setDeleting(false);
    }
  };

  return (
    <>
      <section className="ss-card ss-settings-data" aria-labelledby="account-data-title">
        <h2 id="account-data-title" className="ss-card__title">
          Download my data
        </h2>
        <p>
          One JSON file of everything your account holds: profile, follows, hidden sources, fantasy teams,
          listening, notifications, billing summary and API key names.
        </p>
        {downloadFailed ? <p role="alert">Your data could not be downloaded. Please try again.</p> : null}
        <div>
          <button
            type="button"
            className="ss-button ss-button--secondary"
            onClick={download}
            disabled={downloading}
          >
            {downloading ? 'Preparing…' : 'Download my data'}
          </button>
        </div>
      </section>

      <section className="ss-card ss-settings-data ss-settings-danger" aria-labelledby="account-delete-title">
        <h2 id="account-delete-title" className="ss-card__title">
          Delete account
        </h2>
        <p>
          Deleting your account erases your profile, follows, fantasy teams, listening history and
          notifications, and signs you out everywhere. It cannot be undone.
        </p>
        <form className="ss-form" onSubmit={ask} noValidate aria-busy={deleting}>
          <ErrorBox titles={errors.titles} />
          <AccountField
            label="Type your password to confirm"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.fields.password?.title}
          />
          <div>
            <button
              type="submit"
              className="ss-button ss-button--danger"
              disabled={deleting || password === ''}
            >
              {deleting ? 'Deleting…' : 'Delete my account'}
            </button>
          </div>
        </form>
      </section>

      {confirming ? (
        <ConfirmDialog
          title="Delete your account?"
          text="Your personal data is erased and you are signed out on every device. This cannot be undone."
          confirmLabel="Delete account"
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
