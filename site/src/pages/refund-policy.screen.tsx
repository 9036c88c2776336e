import { DEFAULT_REFUND_POLICY, formatCents, type RefundPolicy } from '@workshop/shared';
import { LegalPage } from '../components/legal-page';
import { siteStore } from '../lib/data';

/**
 * The fee comes from the server (the same setting every cancellation uses), so the page and
 * what a buyer is refunded never disagree; a server that does not say falls back to the default.
 */
function useRefundPolicy(): RefundPolicy | null {
  const site = siteStore.use();
  if (site.status === 'loading') return null;
  const live = site.status === 'ready' ? (site.data as { refund_policy?: RefundPolicy }).refund_policy : undefined;
  return live ?? DEFAULT_REFUND_POLICY;
}

const percent = (p: number) => `${Number.isInteger(p) ? p : p.toFixed(2).replace(/0+$/, '')}%`;

function feeText(policy: RefundPolicy | null): string {
  if (!policy) return 'More than 7 days before the workshop starts: full refund, minus a small processing fee.';
  return `More than 7 days before the workshop starts: full refund, minus a processing fee of ${formatCents(policy.min_fee_cents)} or ${percent(policy.fee_percent)} of the amount paid, whichever is higher.`;
}

export default function RefundPolicyScreen() {
  const policy = useRefundPolicy();
  return (
    <LegalPage
      title="Cancellation & Refund Policy"
      intro="We want you to register with confidence. This policy explains when and how you can cancel, transfer or get a refund for a workshop seat. It is part of our [Terms & Conditions](/terms)."
      sections={[
        {
          heading: 'Cancellations by you',
          list: [
            feeText(policy),
            'Between 3 and 7 days before the workshop starts: 50% refund.',
            'Less than 3 days before the workshop starts, or after it has started: no refund.',
          ],
        },
        {
          heading: 'Transfers',
          body: ['You may transfer your seat to another person or to a later workshop by telling us at least 24 hours before the workshop starts. Transfers are free of charge.'],
        },
        {
          heading: 'Cancellations by us',
          body: [
            'If we cancel or postpone a workshop, you can move to another date or receive a full refund. Refunds for workshops we cancel are processed within 5-7 business days.',
            'Where consumer protection rules apply, approved refunds are completed within 14 working days.',
          ],
        },
        {
          heading: 'How to request a refund',
          body: ['Write to us from the [contact page](/contact) with your name, email and access ID. Refunds go back to the original payment method (PayPal or Razorpay).'],
        },
        {
          heading: 'Complaints',
          body: ['If you are unhappy with how a refund was handled, raise a grievance through the [contact page](/contact) within 30 days of the workshop date and we will respond promptly.'],
        },
      ]}
    />
  );
}
