/**
 * The token of a key just created, shown once (spec 3 §7): a read-only field with the whole token, a
 * Copy button (the clipboard API, or the field selected for the member's own copy where the browser
 * refuses) and a Done button that hides it for good. Focus moves to the panel so the member notices.
 * @module
 */
import type { ApiKey } from '@sportspyder/contract';
import { useEffect, useRef, useState } from 'react';

/** Props of {@link NewKeyPanel}. */
export interface NewKeyPanelProps {
  /** The key from the create answer (its `token` is whole). */
  apiKey: ApiKey;
  /** Hides the panel. */
  onDone: () => void;
}

/** The one-time display of a new key's token. */
export function NewKeyPanel({ apiKey, onDone }: NewKeyPanelProps) {
  const panelRef = useRef<HTMLElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'select' | null>(null);
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.token);
      setCopied('yes');
    } catch {
      fieldRef.current?.select();
      setCopied('select');
    }
  };

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      className="ss-card ss-api-keys__new"
      aria-labelledby="api-key-new-title"
      data-testid="new-api-key"
    >
      <h2 id="api-key-new-title">Copy your new API key now</h2>
      <p>This is the only time the whole key is shown. Keep it secret, like a password.</p>
      <label htmlFor="api-key-token">API key</label>
      <div className="ss-api-keys__token">
        <input
          ref={fieldRef}
          id="api-key-token"
          readOnly
          value={apiKey.token}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="ss-button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="ss-form__hint">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'select'
            ? 'Press Ctrl+C (⌘C) to copy.'
            : ''}
      </p>
      <button type="button" className="ss-button ss-button--secondary" onClick={onDone}>
        Done
      </button>
    </section>
  );
}
