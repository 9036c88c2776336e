import { LegalPage } from '../components/legal-page';

export default function RefundPolicyScreen() {
  return (
    <LegalPage
      title="Cancellation & Refund Policy"
      intro="We want you to register with confidence. This policy explains when and how you can cancel, transfer or get a refund for a workshop seat."
      sections={[
        {
          heading: 'Cancellations by you',
          list: [
            'More than 7 days before the workshop starts: full refund, minus a processing fee of ₹50 or 3% of the amount paid, whichever is higher.',
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
          body: ['Write to us from the contact page with your name, email and access ID. Refunds go back to the original payment method (PayPal or Razorpay).'],
        },
        {
          heading: 'Complaints',
          body: ['If you are unhappy with how a refund was handled, raise a grievance within 30 days of the workshop date and we will respond promptly.'],
        },
      ]}
    />
  );
}
