/**
 * What the audit trail calls the fields an event lists as changed (`fields` of `token.updated`
 * and `account.updated`, `changed` of `alert_settings.updated`, `integration.updated` and
 * `scim.user_updated`): the names the forms show, never the API's field names.
 */
import { FIELD_LABELS } from '@expiry-radar/shared/domain/field-limits';

/** The token form's labels, in the audit trail's sentence case. */
const TOKEN_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  expiresAt: 'Expiry date',
  contact_group_id: 'Contact group',
  owner_id: 'Owner',
  additional_contact_group_ids: 'Also alert',
  renews_automatically: 'Renews automatically',
  renewal_grace_days: 'Renewal grace (days)',
  key_size: 'Key size',
  cost: 'Cost',
  renewal_date: 'Renewal date',
  endpoints: 'Endpoints',
  endpoint_check_frequency: 'Endpoint check frequency',
  registration: 'Domain to follow',
};

const ACCOUNT_FIELD_LABELS: Readonly<Record<string, string>> = {
  pendingEmail: 'Email address (pending confirmation)',
  name: 'Name',
  password: 'Password',
};

const ALERT_SETTINGS_LABELS: Readonly<Record<string, string>> = {
  email_alerts_enabled: 'Email alerts',
  webhook_urls: 'Webhooks',
  contact_groups: 'Contact groups',
  default_contact_group_id: 'Default contact group',
  thresholds: 'Thresholds',
  delivery_window: 'Quiet hours',
  renewal_grace_days: 'Renewal grace (days)',
};

const INTEGRATION_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  schedule: 'Sync schedule',
  enabled: 'Enabled',
  settings: 'Settings',
  rules: 'Rules',
  credentials: 'Credentials',
};

const SCIM_USER_LABELS: Readonly<Record<string, string>> = {
  userName: 'Email address',
  name: 'Name',
  externalId: 'External id',
};

const LABELS_BY_ACTION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'token.updated': TOKEN_FIELD_LABELS,
  'account.updated': ACCOUNT_FIELD_LABELS,
  'alert_settings.updated': ALERT_SETTINGS_LABELS,
  'integration.updated': INTEGRATION_LABELS,
  'scim.user_updated': SCIM_USER_LABELS,
};

/** "pendingEmail" -> "Email address (pending confirmation)"; null for a name not listed. */
export function changedFieldLabel(action: string, field: string): string | null {
  return LABELS_BY_ACTION[action]?.[field] ?? null;
}

/** Whether a metadata key of this action lists changed fields by their names. */
export function listsChangedFields(action: string, key: string): boolean {
  return (key === 'fields' || key === 'changed') && action in LABELS_BY_ACTION;
}
