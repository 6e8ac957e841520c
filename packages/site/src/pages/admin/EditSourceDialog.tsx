/**
 * The edit dialog of a source row: its title, sport and teams (the sport's teams as checkboxes), in the
 * site's modal dialog (WAI-ARIA dialog pattern: focus inside, Tab kept in, Escape closes).
 * @module
 */
import type { AdminSource, AdminSourceDetail } from '@sportspyder/contract';
import { formErrors, NO_FORM_ERRORS, updateAdminSource } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { AccountField } from '../account/AccountField.js';
import { ChatDialog } from '../chat/ChatDialog.js';
import { type TagChoice, TagPicker } from './TagPicker.js';

/** Props of {@link EditSourceDialog}. */
export interface EditSourceDialogProps {
  /** The source edited. */
  source: AdminSource;
  /** Called with the saved source. */
  onSaved: (detail: AdminSourceDetail) => void;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The edit dialog. */
export function EditSourceDialog({ source, onSaved, onClose }: EditSourceDialogProps) {
  const client = useClient();
  const [title, setTitle] = useState(source.title);
  const [tags, setTags] = useState<TagChoice>({
    sport: source.sport?.slug ?? null,
    teams: source.teams.map((t) => t.slug),
  });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState(NO_FORM_ERRORS);

  const save = async () => {
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      const detail = await updateAdminSource(client, source.id, {
        ...(title.trim() && title.trim() !== source.title ? { title: title.trim() } : {}),
        sport: tags.sport,
        teams: tags.teams,
      });
      onSaved(detail);
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };

  return (
    <ChatDialog
      title={`Edit ${source.title}`}
      description="The sport and teams its articles are filed under from its next fetch on."
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ss-button ss-button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="ss-button" onClick={save} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <div className="ss-form ss-admin-dialog">
        <ErrorBox titles={errors.titles} />
        <AccountField
          label="Title"
          name="title"
          maxLength={200}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.fields.title?.title}
        />
        <TagPicker value={tags} onChange={setTags} />
      </div>
    </ChatDialog>
  );
}
