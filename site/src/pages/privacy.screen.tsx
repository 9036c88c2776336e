import { LegalPage } from '../components/legal-page';

export default function PrivacyScreen() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="We collect only what we need to run the workshops and to keep you informed. This page explains what we collect, why, and how long we keep it."
      sections={[
        {
          heading: 'What we collect',
          list: [
            'Your name, email address and phone number when you register, ask a question or unlock the preview video.',
            'Payment references from PayPal or Razorpay. We never see or store your full card details.',
            'Basic technical information your browser sends, used to keep the site secure.',
          ],
        },
        {
          heading: 'Why we use it',
          list: ['To confirm your booking and send the workshop link and materials.', 'To answer your questions and support requests.', 'To meet our legal and accounting obligations.'],
        },
        {
          heading: 'How long we keep it',
          list: ['Registration data: 3 years.', 'Payment records: 7 years, as tax law requires.', 'Session recordings: 1-2 years.'],
        },
        { heading: 'Sharing', body: ['We share data only with the services that run the workshop (payment providers and our email provider). We do not sell your data.'] },
        {
          heading: 'Your rights',
          body: ['You can ask to see, correct or delete your data at any time from the [contact page](/contact). Grievances are answered within 30 days.'],
        },
        { heading: 'Children', body: ['Participants aged 13 to 17 register with a parent or guardian’s consent. We do not knowingly collect data from children under 13.'] },
      ]}
    />
  );
}
