import { alertSettingsQueryKey } from '../../../lib/alert-settings-query';

/** Query keys of the alert preferences (general -> specific). */
export const preferencesKeys = {
  all: ['preferences'] as const,
  /** Shared with the token forms' contact groups (lib/alert-settings-query). */
  alertSettings: alertSettingsQueryKey,
};
