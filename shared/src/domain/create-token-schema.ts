/**
 * The create token schema, for the create form and for `POST /api/tokens`.
 * Build it with `createTokenSchema(now)`; pass a function (the default reads the current time) to
 * keep a long-lived schema current. Output: every field present, empty ones null ([] for domains),
 * fields of other categories cleared.
 */
import * as z from 'zod';
import type { Category, TokenType } from './categories';
import type { Clock } from './calendar-date';
import { registrationDomainField } from './domain-registrations';
import { endpointCheckFrequencyField, endpointsField } from './endpoints';
import { workspaceIdSchema } from './ids';
import {
  additionalContactGroupIdsField,
  renewalGraceDaysField,
  renewsAutomaticallyByDefault,
  renewsAutomaticallyField,
} from './token-alert-fields';
import type { TokenFields } from './token';
import {
  categoryField,
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
  typeField,
} from './token-field-schemas';
import { KEY_SIZE_RANGE } from './token-form-ranges';
import { checkTypeRules, clearForeignFields, whenObject } from './token-type-rules';

const currentTime: Clock = () => new Date();

function createShape(now: Clock | null) {
  return {
    name: nameField,
    category: categoryField,
    type: typeField,
    expiresAt: expiresAtField(now),
    section: sectionField.default(null),
    contact_group_id: contactGroupIdField.default(null),
    owner_id: ownerIdField.default(null),
    additional_contact_group_ids: additionalContactGroupIdsField.default(() => []),
    /** Absent: on for a certificate with endpoints to monitor (`renewsAutomaticallyByDefault`). */
    renews_automatically: renewsAutomaticallyField.optional(),
    renewal_grace_days: renewalGraceDaysField.default(null),
    domains: domainsField.default(() => []),
    issuer: optionalTextField('issuer').default(null),
    serial_number: optionalTextField('serial_number').default(null),
    subject: optionalTextField('subject').default(null),
    algorithm: optionalTextField('algorithm').default(null),
    key_size: keySizeField(KEY_SIZE_RANGE).default(null),
    location: optionalTextField('location').default(null),
    used_by: optionalTextField('used_by').default(null),
    description: optionalTextField('description').default(null),
    vendor: optionalTextField('vendor').default(null),
    license_type: optionalTextField('license_type').default(null),
    cost: costField.default(null),
    renewal_url: renewalUrlField.default(null),
    renewal_date: optionalDateField.default(null),
    contacts: optionalTextField('contacts').default(null),
    notes: optionalTextField('notes').default(null),
    endpoints: endpointsField.optional(),
    endpoint_check_frequency: endpointCheckFrequencyField.optional(),
    registration_domain: registrationDomainField.optional(),
  };
}

type Finished<T> = Omit<T, 'type' | 'registration_domain' | 'renews_automatically'> & {
  type: TokenType;
  renews_automatically: boolean;
  registration?: TokenFields['registration'];
};

/**
 * Runs after checkTypeRules passed: the type is one of the category's. A domain to follow becomes
 * the token's registration, not checked yet.
 */
function finish<
  T extends {
    category: Category;
    type: string;
    registration_domain?: string | null;
    renews_automatically?: boolean | undefined;
    endpoints?: readonly unknown[] | undefined;
  },
>(data: T): Finished<T> {
  const { registration_domain: domain, ...rest } = data;
  const type = data.type as TokenType;
  const registration = domain ? { registration: { domain, last_check: null } } : {};
  const renews = data.renews_automatically ?? renewsAutomaticallyByDefault(data);
  return clearForeignFields(
    { ...rest, ...registration, type, renews_automatically: renews },
    data.category,
    type,
  ) as Finished<T>;
}

/**
 * The create form's fields (no workspace: the form posts to the selected one). `now` null takes
 * any valid expiry, past ones too: only an import that includes expired items asks for that.
 */
export function createTokenSchema(now: Clock | null = currentTime) {
  return z
    .object(createShape(now))
    .superRefine((data, ctx) => checkTypeRules(data, data.category, data.type, ctx), {
      when: whenObject,
    })
    .transform((data): TokenFields => finish(data));
}

/** The body of `POST /api/tokens`: the form's fields plus `workspace_id`. */
export function createTokenRequestSchema(now: Clock = currentTime) {
  return z
    .object({
      ...createShape(now),
      workspace_id: workspaceIdSchema(),
    })
    .superRefine((data, ctx) => checkTypeRules(data, data.category, data.type, ctx), {
      when: whenObject,
    })
    .transform((data): TokenFields & { workspace_id: string } => finish(data));
}

/** Validates against the time of each parse. */
export const createTokenFormSchema = createTokenSchema();
export const createTokenBodySchema = createTokenRequestSchema();

export type CreateTokenInput = z.input<typeof createTokenFormSchema>;
export type CreateTokenData = z.output<typeof createTokenFormSchema>;
export type CreateTokenRequestInput = z.input<typeof createTokenBodySchema>;
export type CreateTokenRequest = z.output<typeof createTokenBodySchema>;
