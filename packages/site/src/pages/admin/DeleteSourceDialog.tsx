/**
 * The remove dialog of a source row: whether its articles stay on the site (the source is retired and
 * no longer fetched) or go with it, then Remove. The site's modal dialog (WAI-ARIA dialog pattern).
 * @module
 */
import type { AdminSource } from '@sportspyder/contract';
import { type AdminSourceArticles, deleteAdminSource, formErrors, NO_FORM_ERRORS } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { ChatDialog } from '../chat/ChatDialog.js';

/** Props of {@link DeleteSourceDialog}. */
export interface DeleteSourceDialogProps {
  /** The source to remove. */
  source: AdminSource;
  /** Called once removed. */
  onRemoved: (id: number) => void;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The remove dialog. */
export function DeleteSourceDialog({ source, onRemoved, onClose }: DeleteSourceDialogProps) {
  const client = useClient();
  const [articles, setArticles] = useState<AdminSourceArticles>('keep');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState(NO_FORM_ERRORS);

  const remove = async () => {
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await deleteAdminSource(client, source.id, articles);
      onRemoved(source.id);
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };

  const count = source.articleCount;
  return (
    <ChatDialog
      title={`Remove ${source.title}?`}
      description="It will no longer be fetched. Choose what happens to the articles it brought."
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ss-button ss-button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="ss-button ss-button--danger" onClick={remove} disabled={busy}>
            {busy ? 'Removing…' : 'Remove source'}
          </button>
        </>
      }
    >
      <ErrorBox titles={errors.titles} />
      <fieldset className="ss-admin-radios">
        <legend>
          Its {count} {count === 1 ? 'article' : 'articles'}
        </legend>
        <label className="ss-admin-check">
          <input
            type="radio"
            name="articles"
            value="keep"
            checked={articles === 'keep'}
            onChange={() => setArticles('keep')}
          />
          Keep them on the site
        </label>
        <label className="ss-admin-check">
          <input
            type="radio"
            name="articles"
            value="delete"
            checked={articles === 'delete'}
            onChange={() => setArticles('delete')}
          />
          Remove them with the source
        </label>
      </fieldset>
    </ChatDialog>
  );
}
