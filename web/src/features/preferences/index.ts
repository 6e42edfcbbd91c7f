/** The preferences feature's public entry: the dashboard's "Alerts are disabled" notice. */
export { AlertsDisabledNotice } from './alerts-disabled-notice';
