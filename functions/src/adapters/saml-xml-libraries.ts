/**
 * The XML libraries SAML needs (node-saml, with xml-crypto, xmldom, xpath and xml2js), which
 * saml-service-provider.ts takes from here. A function's bundle loads this module from a file of
 * its own beside index.js (infra/constructs/function-bundles.ts): V8 reads a CommonJS bundle
 * whole as it loads, and these libraries, most of the SAML routes' bundles, are needed only when
 * a SAML request is made or a response checked.
 */
export { SAML, SamlStatusError, ValidateInResponseTo } from '@node-saml/node-saml';
export { parseXml2JsFromString } from '@node-saml/node-saml/lib/xml';
