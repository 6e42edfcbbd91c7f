/**
 * Our SAML service provider metadata (entity id, the assertion consumer service with the HTTP-POST
 * binding, persistent NameIDs, signed assertions wanted; we sign and decrypt nothing), written as
 * @node-saml/node-saml's `generateServiceProviderMetadata` writes it for these settings, without
 * loading node-saml and its XML libraries (about 700 KB): every answer of the metadata route is
 * this document, and loading them made its cold start twice a small route's. The test compares
 * the two documents.
 */
import { randomBytes } from 'node:crypto';
import { samlServiceProviderUrls } from '@expiry-radar/shared/domain/organization-sign-in';
import { resolveAppOrigin } from './app-origin';

const PERSISTENT_NAME_ID = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const HTTP_POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** An attribute value escaped as xmlbuilder (node-saml's writer) escapes it. */
function attribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

/** The metadata of the service provider at these URLs; its ID is new each time, as node-saml's. */
export function serviceProviderMetadataOf(sp: { entityId: string; acsUrl: string }): string {
  const id = `_${randomBytes(20).toString('hex')}`;
  return [
    '<?xml version="1.0"?>',
    `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${attribute(sp.entityId)}" ID="${id}">`,
    '  <SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="false" WantAssertionsSigned="true">',
    `    <NameIDFormat>${PERSISTENT_NAME_ID}</NameIDFormat>`,
    `    <AssertionConsumerService index="1" isDefault="true" Binding="${HTTP_POST_BINDING}" Location="${attribute(sp.acsUrl)}"/>`,
    '  </SPSSODescriptor>',
    '</EntityDescriptor>',
  ].join('\n');
}

/** Our SP metadata at this deployment's app origin. */
export async function serviceProviderMetadata(): Promise<string> {
  return serviceProviderMetadataOf(samlServiceProviderUrls(await resolveAppOrigin()));
}
