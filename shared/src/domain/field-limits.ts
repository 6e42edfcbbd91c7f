/** Maximum lengths of the token's text fields and the labels used in their messages. */

export const FIELD_MAX_LENGTHS = {
  name: 100,
  section: 120,
  domains: 500,
  issuer: 100,
  serial_number: 50,
  subject: 300,
  location: 200,
  used_by: 200,
  description: 300,
  algorithm: 50,
  license_type: 50,
  vendor: 100,
  renewal_url: 500,
  contacts: 200,
  notes: 500,
} as const;

export type LimitedField = keyof typeof FIELD_MAX_LENGTHS;

/** Sentence-case labels for form fields and validation messages. */
export const FIELD_LABELS: Readonly<Record<LimitedField, string>> = {
  name: 'Name',
  section: 'Section',
  domains: 'Domains',
  issuer: 'Issuer',
  serial_number: 'Serial number',
  subject: 'Subject',
  location: 'Location',
  used_by: 'Used by',
  description: 'Description',
  algorithm: 'Algorithm',
  license_type: 'License type',
  vendor: 'Vendor',
  renewal_url: 'Renewal URL',
  contacts: 'Contacts',
  notes: 'Notes',
};

/** "Name must be 100 characters or less", in that style for any limited field. */
export function maxLengthMessage(field: LimitedField): string {
  return `${FIELD_LABELS[field]} must be ${FIELD_MAX_LENGTHS[field]} characters or less`;
}
