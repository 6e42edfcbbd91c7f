/**
 * What SCIM clients read to learn this service (RFC 7644 §4): its configuration, its two
 * resource types and their schemas (the attributes it keeps).
 */
import { SCIM_MAX_PAGE_SIZE, SCIM_SCHEMAS, MAX_PATCH_OPERATIONS } from '../../domain/scim-protocol';

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The organization's SCIM token from the Single sign-on page.",
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${baseUrl}/ServiceProviderConfig`,
    },
    maxPatchOperations: MAX_PATCH_OPERATIONS,
  };
}

const resourceTypeList = (baseUrl: string) => [
  {
    schemas: [SCIM_SCHEMAS.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: SCIM_SCHEMAS.user,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  },
  {
    schemas: [SCIM_SCHEMAS.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    schema: SCIM_SCHEMAS.group,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  },
];

const attribute = (
  name: string,
  extra: Partial<Record<'type' | 'mutability' | 'uniqueness', string>> & {
    required?: boolean;
    multiValued?: boolean;
    subAttributes?: unknown[];
  } = {},
) => ({
  name,
  type: extra.type ?? 'string',
  multiValued: extra.multiValued ?? false,
  required: extra.required ?? false,
  caseExact: false,
  mutability: extra.mutability ?? 'readWrite',
  returned: 'default',
  uniqueness: extra.uniqueness ?? 'none',
  ...(extra.subAttributes ? { subAttributes: extra.subAttributes } : {}),
});

const schemaList = (baseUrl: string) => [
  {
    schemas: [SCIM_SCHEMAS.schema],
    id: SCIM_SCHEMAS.user,
    name: 'User',
    attributes: [
      attribute('userName', { required: true, uniqueness: 'server' }),
      attribute('externalId'),
      attribute('name', {
        type: 'complex',
        subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted')],
      }),
      attribute('displayName'),
      attribute('emails', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [
          attribute('value'),
          attribute('type'),
          attribute('primary', { type: 'boolean' }),
        ],
      }),
      attribute('active', { type: 'boolean' }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMAS.user}` },
  },
  {
    schemas: [SCIM_SCHEMAS.schema],
    id: SCIM_SCHEMAS.group,
    name: 'Group',
    attributes: [
      attribute('displayName', { required: true, uniqueness: 'server' }),
      attribute('externalId'),
      attribute('members', {
        type: 'complex',
        multiValued: true,
        subAttributes: [attribute('value', { mutability: 'immutable' }), attribute('$ref')],
      }),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMAS.group}` },
  },
];

function asList(resources: readonly unknown[]) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

export const resourceTypes = (baseUrl: string) => asList(resourceTypeList(baseUrl));
export const schemas = (baseUrl: string) => asList(schemaList(baseUrl));
