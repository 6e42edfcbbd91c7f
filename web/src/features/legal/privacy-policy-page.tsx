import Link from '@mui/material/Link';
import { contactLinks, type ContactLinks } from '../../lib/contact-links';
import { LegalDocument } from './components/legal-document';
import type { LegalSection } from './components/legal-document';

const sections = ({ supportEmail, supportMailto }: ContactLinks): LegalSection[] => [
  {
    heading: 'What we collect',
    body: [
      'Account data: your email address, display name, a hash of your password (never the password itself) or, if you sign in with Google, your Google account identifier and profile name and picture.',
      'Inventory data: the items you record (names, types, expiry dates, domains, vendors, notes and the other fields of a token), workspaces, members and their roles, contact groups and webhook addresses.',
      'Operational data: an audit log of changes made in your workspaces, the delivery state of alerts, and technical logs (IP address, browser, time and outcome of requests) kept to run and secure the service.',
      'Billing data: your plan and the identifiers of your customer record at our payment provider. Card details are entered on the payment provider’s pages and never reach our servers.',
    ],
  },
  {
    heading: 'What we store about your secrets',
    body: [
      'Expiry Radar tracks when things expire; it is not a vault. Do not enter secret values (keys, passwords, private keys) into any field. Record where a secret lives and who uses it instead.',
    ],
  },
  {
    heading: 'How we use data',
    body: [
      'To provide the service: show your inventory, send expiry alerts by email and webhook to the recipients you configure, enforce roles and plan limits, and keep the audit log.',
      'To secure it: detect abuse, rate-limit sign-in attempts and investigate incidents.',
      'To bill you for paid plans, and to send service messages (verification, password reset, alerts). We do not send marketing email without your consent and we do not sell personal data.',
    ],
  },
  {
    heading: 'Analytics',
    body: [
      'If product analytics is enabled for this installation, it runs without cookies, keeps nothing in your browser’s storage, respects Do Not Track, and records no session replays. Before any event leaves your browser, identifiers such as workspace ids, email addresses, tokens and billing session ids are removed from URLs and event properties.',
    ],
  },
  {
    heading: 'Cookies',
    body: [
      'We use one strictly necessary session cookie (HttpOnly, SameSite=Lax, Secure) to keep you signed in, and a token that protects forms against cross-site request forgery. Your colour-mode choice, your last used workspace and the page’s styles (so that it shows faster on your next visit) are kept in your browser’s local storage.',
    ],
  },
  {
    heading: 'Who processes data for us',
    body: [
      'Our cloud hosting provider (compute, database, queues and email delivery), our payment provider for paid plans, and, where enabled, Google for sign-in and our analytics provider. Each processes data only on our instructions and under a data processing agreement.',
      'Webhook alerts go to the addresses your workspace admins configure; their content is governed by the receiving service.',
    ],
  },
  {
    heading: 'Retention',
    body: [
      'Inventory data is kept while your account or workspace exists. Audit events are kept for the retention period of the workspace owner’s plan. When you delete your account we delete your profile, sessions and the workspaces you own; backups expire within 35 days. Billing records are kept as long as tax law requires.',
    ],
  },
  {
    heading: 'Your rights',
    body: [
      'You can see and correct your data in the app, export your workspaces’ audit log, and delete your account in Account Settings. You may also ask us for a copy of your data, its correction or erasure, restriction of or objection to processing, and you may complain to your data protection authority.',
    ],
  },
  {
    heading: 'Security',
    body: [
      'Traffic is encrypted in transit and data at rest. Passwords are hashed with scrypt, sessions are random and stored hashed, and every request is checked against your workspace role. No system is perfectly secure; we will notify affected users of a breach as the law requires.',
    ],
  },
  {
    heading: 'Changes and contact',
    body: [
      'We will announce material changes to this policy in the app or by email before they take effect.',
      supportMailto && (
        <>
          Questions or requests about your data: <Link href={supportMailto}>{supportEmail}</Link>.
        </>
      ),
    ],
  },
];

/** /privacy-policy. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      updated="November 1, 2026"
      intro="This policy explains what personal data Expiry Radar processes when you use the service, why, and the choices you have."
      sections={sections(contactLinks())}
    />
  );
}
