/**
 * Copy link (spec 3 §2): a message's address in a read-only field, selected for copying by hand,
 * and a Copy button using the clipboard where the browser allows it.
 * @module
 */
import { useState } from 'react';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link CopyLinkDialog}. */
export interface CopyLinkDialogProps {
  /** The full address. */
  url: string;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The copy-link dialog. */
export function CopyLinkDialog({ url, onClose }: CopyLinkDialogProps) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <ChatDialog
      title="Copy link"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ss-button ss-button--secondary" onClick={onClose}>
            Close
          </button>
          <button type="button" className="ss-button" onClick={copy}>
            Copy
          </button>
        </>
      }
    >
      <label className="ss-chat-field">
        Link to this message
        <input type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <p className="ss-chat-hint" role="status">
        {copied === true ? 'Link copied' : copied === false ? 'Select the link and copy it.' : ''}
      </p>
    </ChatDialog>
  );
}
