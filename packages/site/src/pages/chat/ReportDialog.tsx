/**
 * Report message (spec 3 §2, §5, §9): the six reasons as a radio group, starting at reason 1 and
 * back to it whenever the form is closed (it unmounts with its state, spec 3 §4); 'Other' (6)
 * asks for a text of at most 200 characters.
 * @module
 */
import type { FlagReasonId } from '@sportspyder/contract';
import {
  DEFAULT_REPORT_REASON,
  OTHER_REPORT_REASON,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
} from '@sportspyder/core';
import { useId, useState } from 'react';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link ReportDialog}. */
export interface ReportDialogProps {
  /** Sends the report; answers an error text, or null when sent (the dialog then closes). */
  onReport: (input: { reasonId: FlagReasonId; text?: string }) => Promise<string | null>;
  /** Closes the form. */
  onClose: () => void;
}

/** The report form. */
export function ReportDialog({ onReport, onClose }: ReportDialogProps) {
  const [reasonId, setReasonId] = useState<FlagReasonId>(DEFAULT_REPORT_REASON);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const countId = useId();
  const other = reasonId === OTHER_REPORT_REASON;
  const submit = async () => {
    setBusy(true);
    const problem = await onReport(other ? { reasonId, text } : { reasonId });
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <ChatDialog
      title="Report message"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ss-button ss-button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="ss-button ss-button--danger" disabled={busy} onClick={submit}>
            Report
          </button>
        </>
      }
    >
      <fieldset className="ss-chat-reasons">
        <legend>Why are you reporting this message?</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason.id} className="ss-chat-check">
            <input
              type="radio"
              name="report-reason"
              value={reason.id}
              checked={reasonId === reason.id}
              onChange={() => setReasonId(reason.id)}
            />
            {reason.label}
          </label>
        ))}
      </fieldset>
      {other && (
        <label className="ss-chat-field">
          Tell us more
          <textarea
            value={text}
            maxLength={REPORT_TEXT_MAX}
            rows={3}
            aria-describedby={countId}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <span id={countId} className="ss-chat-hint">
            {Array.from(text).length}/{REPORT_TEXT_MAX}
          </span>
        </label>
      )}
      {error && (
        <p className="ss-chat-banner" role="alert">
          {error}
        </p>
      )}
    </ChatDialog>
  );
}
