import { PageFrame } from '../../components/page-frame';

/** /billing (spec §2). */
export function BillingPage() {
  return (
    <PageFrame
      title="Billing & Plans"
      description="Your current plan, upgrades through secure card checkout, and invoices and payment details in the billing portal."
    />
  );
}
