import { LegalPage } from '../components/legal-page';

export default function TermsScreen() {
  return (
    <LegalPage
      title="Terms & Conditions"
      intro="These terms apply when you register for and attend a live online no-code workshop. By completing a registration you agree to them."
      sections={[
        {
          heading: 'Eligibility',
          list: [
            'You must be 18 or older to register on your own.',
            'Participants aged 13 to 17 need the consent of a parent or guardian.',
            'Children under 13 are not eligible to attend.',
          ],
        },
        {
          heading: 'Registration and payment',
          body: [
            'Your seat is confirmed once payment is completed through PayPal or Razorpay. You receive an access ID and the workshop link by email.',
            'Prices are shown in US dollars. Your bank or payment provider may apply its own conversion or fees.',
          ],
        },
        {
          heading: 'Technical requirements',
          body: ['You need a laptop and a stable internet connection of at least 5 Mbps. We are not responsible for sessions missed because of your own equipment or connection.'],
        },
        {
          heading: 'Recordings and materials',
          body: [
            'Sessions are recorded. Participants can watch the recordings for 30 days after the workshop. We may retain recordings for 1-2 years for quality and training purposes.',
            'Workshop materials are for your personal use and may not be resold or redistributed.',
          ],
        },
        {
          heading: 'Changes to a workshop',
          body: ['If we need to change the date, time or content of a workshop, we will give at least 48 hours notice by email, except in emergencies.'],
        },
        { heading: 'Cancellations and refunds', body: ['Cancellations, transfers and refunds follow our [Cancellation & Refund Policy](/refund-policy).'] },
        { heading: 'Conduct', body: ['Be respectful to the instructor and other participants. We may remove anyone who disrupts a session, without a refund.'] },
        { heading: 'Grievances', body: ['Raise any complaint within 30 days of the workshop through the [contact page](/contact); we will respond promptly.'] },
      ]}
    />
  );
}
