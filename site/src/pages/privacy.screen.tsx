import { DEFAULT_SETTINGS, type Settings } from '@workshop/shared';
import { LegalPage } from '../components/legal-page';
import { siteStore } from '../lib/data';

type Retention = Settings['retention'];
const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);

/** The periods come from the server (the same setting the daily retention job applies), so the page and what is done never disagree. */
function useRetention(): Retention {
  const site = siteStore.use();
  const live = site.status === 'ready' ? (site.data as { retention?: Retention }).retention : undefined;
  return live ?? DEFAULT_SETTINGS.retention;
}

export default function PrivacyScreen() {
  const r = useRetention();
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
          list: [
            `Registration data (names, email addresses, phone numbers, billing details): ${years(r.registration_years)} after the workshop, then anonymised.`,
            `Payment records and invoices: ${years(r.payment_years)} after the workshop, as tax law requires, then deleted.`,
            `Questions, preview-video sign-ups, waitlist places and checkout reminders: ${years(r.lead_years)} after their last change, then anonymised.`,
            'Session recordings: 1-2 years.',
          ],
        },
        { heading: 'Sharing', body: ['We share data only with the services that run the workshop (payment providers and our email provider). We do not sell your data.'] },
        {
          heading: 'Your rights',
          body: ['You can ask for a copy of your data, or for its erasure, at any time from the [Your data](/your-data) page; to correct it, write to us from the [contact page](/contact). Grievances are answered within 30 days.'],
        },
        { heading: 'Children', body: ['Participants aged 13 to 17 register with a parent or guardian’s consent. We do not knowingly collect data from children under 13.'] },
      ]}
    />
  );
}
