/**
 * The edit token schema for the token detail dialog and `PUT /api/tokens/{id}`.
 *
 * Every field is optional: a field that is absent stays absent in the output (not changed), a
 * blank optional text becomes null, numbers are parsed or null, domains are split by commas.
 * Type and category cannot be edited: they may be sent (the dialog sends the whole token) but are
 * never in the output; when the token's current category and type are given and a sent value
 * differs: "Type and category cannot be changed".
 *
 * Expiry: must be a valid date. With `current.expiresAt` given it must be in the future unless it
 * is unchanged (so an expired token's other fields stay editable); with only `now` it must be in
 * the future; with neither (the context-free `updateTokenBodySchema`) only its format is checked. The handler therefore parses once more with the stored token as
 * `current` (`updateTokenSchema({ now, current: token })`), which also checks algorithm/key_size
 * against the token's type and clears fields of other categories.
 */
import * as z from 'zod';
import { registrationDomainField } from './domain-registrations';
import { endpointCheckFrequencyField, endpointsField } from './endpoints';
import type { Category, TokenType } from './categories';
import type { Clock } from './calendar-date';
import type { TokenFields } from './token';
import {
  additionalContactGroupIdsField,
  renewalGraceDaysField,
  renewsAutomaticallyField,
} from './token-alert-fields';
import {
  contactGroupIdField,
  ownerIdField,
  costField,
  domainsField,
  expiresAtField,
  keySizeField,
  nameField,
  optionalDateField,
  optionalTextField,
  renewalUrlField,
  sectionField,
} from './token-field-schemas';
import { EDIT_KEY_SIZE_RANGE } from './token-form-ranges';
import { checkTypeRules, clearForeignFields, whenObject } from './token-type-rules';
import { VALIDATION_MESSAGES as M } from './validation-messages';

export interface UpdateTokenContext {
  /** Defaults to the time of each parse. */
  readonly now?: Clock;
  /** Any valid expiry, past ones too (an import that includes expired items). */
  readonly anyExpiry?: boolean;
  /** The stored token, when known (server handler, edit dialog). */
  readonly current?: {
    readonly category: Category;
    readonly type: TokenType;
    readonly expiresAt: string;
  };
}

/** The fields an edit may change: everything but type and category, all optional. */
export type TokenUpdate = Partial<Omit<TokenFields, 'type' | 'category'>>;

export function updateTokenSchema(context: UpdateTokenContext = {}) {
  const { current } = context;
  const clock = context.anyExpiry ? null : (context.now ?? (current ? () => new Date() : null));
  return z
    .object({
      name: nameField.optional(),
      category: z.string().optional(),
      type: z.string().optional(),
      expiresAt: expiresAtField(clock, current?.expiresAt).optional(),
      section: sectionField.optional(),
      contact_group_id: contactGroupIdField.optional(),
      owner_id: ownerIdField.optional(),
      additional_contact_group_ids: additionalContactGroupIdsField.optional(),
      renews_automatically: renewsAutomaticallyField.optional(),
      renewal_grace_days: renewalGraceDaysField.optional(),
      domains: domainsField.optional(),
      issuer: optionalTextField('issuer').optional(),
      serial_number: optionalTextField('serial_number').optional(),
      subject: optionalTextField('subject').optional(),
      algorithm: optionalTextField('algorithm').optional(),
      key_size: keySizeField(EDIT_KEY_SIZE_RANGE).optional(),
      location: optionalTextField('location').optional(),
      used_by: optionalTextField('used_by').optional(),
      description: optionalTextField('description').optional(),
      vendor: optionalTextField('vendor').optional(),
      license_type: optionalTextField('license_type').optional(),
      cost: costField.optional(),
      renewal_url: renewalUrlField.optional(),
      renewal_date: optionalDateField.optional(),
      contacts: optionalTextField('contacts').optional(),
      notes: optionalTextField('notes').optional(),
      endpoints: endpointsField.optional(),
      endpoint_check_frequency: endpointCheckFrequencyField.optional(),
      registration_domain: registrationDomainField.optional(),
    })
    .superRefine(
      (data, ctx) => {
        if (!current) {
          checkTypeRules(data, data.category, data.type, ctx);
          return;
        }
        for (const field of ['category', 'type'] as const) {
          const sent = data[field];
          if (typeof sent === 'string' && sent.trim() !== '' && sent.trim() !== current[field]) {
            ctx.addIssue({ code: 'custom', path: [field], message: M.typeCategoryImmutable });
          }
        }
        checkTypeRules(data, current.category, current.type, ctx);
      },
      { when: whenObject },
    )
    .transform((data): TokenUpdate => {
      const { category: _category, type: _type, registration_domain: domain, ...update } = data;
      const defined = Object.fromEntries(
        Object.entries({
          ...update,
          // A domain to follow (its last check is kept by the write when it is the same domain);
          // null stops following one.
          registration: domain === undefined ? undefined : domain && { domain, last_check: null },
        }).filter(([, value]) => value !== undefined),
      ) as TokenUpdate;
      return current ? clearForeignFields(defined, current.category, current.type) : defined;
    });
}

/** Context-free: for the route table and request validation before the token is loaded. */
export const updateTokenBodySchema = updateTokenSchema();

export type UpdateTokenInput = z.input<typeof updateTokenBodySchema>;
