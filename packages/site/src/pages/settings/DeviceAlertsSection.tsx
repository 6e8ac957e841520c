/**
 * "Alerts on this device" of /settings/alerts (issue 49): the switch that asks the browser's permission
 * and subscribes this device to Web Push, or explains why it cannot (no Web Push, notifications
 * blocked). The choices below it say what is sent; this says whether this device receives it.
 * @module
 */
import { PUSH_DEVICE_TEXTS } from '@sportspyder/core';
import { usePushDevice } from '@sportspyder/react';
import { useId } from 'react';

/** The device's alerts switch. */
export function DeviceAlertsSection() {
  const device = usePushDevice();
  const titleId = useId();
  const { status, busy, error } = device;

  let text: string;
  if (status === 'checking') text = 'Checking this browser…';
  else if (status === 'unsupported') text = PUSH_DEVICE_TEXTS.unsupported;
  else if (status === 'denied') text = PUSH_DEVICE_TEXTS.denied;
  else if (status === 'on') text = PUSH_DEVICE_TEXTS.on;
  else text = PUSH_DEVICE_TEXTS.off;

  return (
    <section
      className="ss-card ss-device-alerts"
      aria-labelledby={titleId}
      aria-busy={busy || status === 'checking'}
    >
      <h2 id={titleId} className="ss-device-alerts__title">
        This device
      </h2>
      <p role="status" className="ss-device-alerts__status">
        {text}
      </p>
      {error && (
        <p role="alert" className="ss-device-alerts__error">
          {error}
        </p>
      )}
      {status === 'off' && (
        <div>
          <button type="button" className="ss-button" disabled={busy} onClick={() => void device.enable()}>
            {busy ? 'Turning on…' : 'Turn on alerts on this device'}
          </button>
        </div>
      )}
      {status === 'on' && (
        <div>
          <button
            type="button"
            className="ss-button ss-button--secondary"
            disabled={busy}
            onClick={() => void device.disable()}
          >
            {busy ? 'Turning off…' : 'Turn off alerts on this device'}
          </button>
        </div>
      )}
    </section>
  );
}
