import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { contactLinks, type ContactLinks } from '../../lib/contact-links';
import { paths } from '../../lib/paths';
import { LegalDocument } from './components/legal-document';
import type { LegalSection } from './components/legal-document';

const sections = ({ supportEmail, supportMailto }: ContactLinks): LegalSection[] => [
  {
    heading: 'The service',
    body: [
      'Expiry Radar lets you keep an inventory of certificates, keys and secrets, licenses and other items with expiry dates, and sends alerts before they expire. These terms apply to every account, free or paid.',
    ],
  },
  {
    heading: 'Your account',
    body: [
      'You must give a valid email address and keep your password confidential. You are responsible for what happens under your account and in the workspaces you own, including the members you invite and the roles you give them.',
    ],
  },
  {
    heading: 'Acceptable use',
    body: [
      'Do not store secret values (passwords, private keys, API keys themselves) in the service; record their metadata only. Do not use the service to send spam, to probe or attack systems (including through webhook addresses), to break the law, or to overload or circumvent its limits and security controls.',
    ],
  },
  {
    heading: 'Alerts are an aid, not a guarantee',
    body: [
      'We work hard to deliver every alert, retry failed deliveries and show failures in the app, but email and webhooks depend on systems outside our control. You remain responsible for renewing your certificates, keys and licenses on time.',
    ],
  },
  {
    heading: 'Plans, billing and cancellation',
    body: [
      <>
        Paid plans are billed in advance through our payment provider and renew automatically until
        cancelled in Billing & Plans. The limits of each plan are listed on the{' '}
        <Link component={RouterLink} to={paths.pricing}>
          pricing page
        </Link>
        . When you downgrade, workspaces beyond the new plan&apos;s limits are frozen (read-only,
        alerts paused) until you upgrade or move their tokens; nothing is deleted.
      </>,
      'Fees are non-refundable except where the law requires otherwise. We may change prices with at least 30 days’ notice, effective at your next renewal.',
    ],
  },
  {
    heading: 'Your data',
    body: [
      <>
        You own the data you put in the service. We process it only to provide the service, as
        described in the{' '}
        <Link component={RouterLink} to={paths.privacyPolicy}>
          privacy policy
        </Link>
        . You can export the audit log and delete your account at any time.
      </>,
    ],
  },
  {
    heading: 'Availability and changes',
    body: [
      'We aim for high availability but do not promise uninterrupted service; maintenance and outages can happen. We may improve or change features; we will give reasonable notice before removing a feature you pay for.',
    ],
  },
  {
    heading: 'Suspension and termination',
    body: [
      'You may stop using the service and delete your account at any time. We may suspend or close accounts that break these terms or put the service or others at risk, with notice where possible.',
    ],
  },
  {
    heading: 'Liability',
    body: [
      'The service is provided “as is”. To the extent the law allows, we are not liable for indirect or consequential losses, such as losses caused by an expired certificate or license, and our total liability is limited to the fees you paid in the twelve months before the claim.',
    ],
  },
  {
    heading: 'Changes to these terms and contact',
    body: [
      'We will announce material changes in the app or by email at least 30 days before they apply. If you keep using the service afterwards, the new terms apply.',
      supportMailto && (
        <>
          Questions: <Link href={supportMailto}>{supportEmail}</Link>.
        </>
      ),
    ],
  },
];

/** /terms-of-service. */
export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of service"
      updated="November 1, 2026"
      intro="These terms are the agreement between you and Expiry Radar for the use of the service. By creating an account or using the service you accept them."
      sections={sections(contactLinks())}
    />
  );
}
