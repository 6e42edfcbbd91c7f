/**
 * The certificate transparency watch's "unexpected issuer" email, to each admin of the workspace
 * at once whatever the workspace's alert thresholds, for a certificate whose issuer is not on its
 * domain's allow-list: "Unexpected issuer: new certificate for shop.example.com by DigiCert, valid
 * until 2027-03-01", with a link to the Workspaces page (its "Watched domains" section, where "Add
 * to inventory" is). A new certificate from an allowed issuer is an alert like any other
 * (services/certificate-transparency/ct-watch.ts).
 */
import { newCertificateText } from '@expiry-radar/shared/domain/watched-domains';
import { linkEmail } from './account-emails';
import type { EmailMessage } from './mailer';

export function unexpectedIssuerEmail(options: {
  readonly appOrigin: string;
  readonly to: string;
  readonly workspaceName: string;
  readonly domain: string;
  readonly dnsNames: readonly string[];
  readonly issuer: string;
  readonly notAfter: string;
  readonly addedToInventory: boolean;
}): EmailMessage {
  const text = newCertificateText(options);
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  const lines = [
    `Unexpected issuer: ${options.issuer} is not on the issuer allow-list of ${options.domain} in “${options.workspaceName}”.`,
    sentence,
    `Names: ${options.dnsNames.join(', ') || 'none given'}.`,
    options.addedToInventory
      ? 'It was added to the inventory by itself, as the watched domain says.'
      : 'If it is yours, add it to the inventory; if not, someone obtained a certificate for your name.',
  ];
  return linkEmail({
    to: options.to,
    subject: `Unexpected issuer: ${text}`,
    greeting: 'Hello,',
    lines,
    action: 'Open the watched domains',
    url: `${options.appOrigin}/workspaces#watched-domains`,
    footer: `You receive this email as an admin of “${options.workspaceName}”, which watches ${options.domain} in certificate transparency logs.`,
  });
}
