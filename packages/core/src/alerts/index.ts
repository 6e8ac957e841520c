/**
 * Alerts in core (issue 49, Web Push): the member's alert choices and this device's push subscription.
 * @module
 */
export * from './alert-settings.js';
export * from './push-device.js';
