import { Icon, type IconName } from '../components/icon';
import { contactFormSchema } from '@workshop/shared';
import { Field, TextArea } from '../components/field';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { PageHeader } from '../components/page-header';
import { api, ApiError } from '../lib/api';
import { useMaintenance } from '../lib/data';
import { useSubmitForm } from '../lib/use-submit-form';
import { openInterest } from '../lib/ui';
import '../styles/forms.css';

const EMPTY = { first_name: '', last_name: '', email: '', subject: '', message: '' };

const DETAILS: { icon: IconName; label: string; value: string }[] = [
  { icon: 'mail', label: 'Email', value: 'hello@nocodeworkshop.example' },
  { icon: 'message', label: 'Response time', value: 'Within one business day' },
  { icon: 'globe', label: 'Where', value: 'Online, worldwide' },
  { icon: 'clock', label: 'Hours', value: 'Mon-Sat, 9:00 AM - 6:00 PM IST' },
];

export default function ContactScreen() {
  const { values, errors, edit, busy, submit } = useSubmitForm(EMPTY, {
    schema: contactFormSchema,
    send: (data) => api.interests.submitContact(data),
    sent: { title: 'Message sent!', description: "Thanks for reaching out. We'll get back to you within one business day." },
    failed: (err) => ({ title: 'Submission failed', description: err instanceof ApiError && err.code === 'maintenance' ? err.message : 'Please try again or contact support.' }),
  });
  const maintenance = useMaintenance();

  return (
    <>
      <PageHeader kicker="Contact" title="Get in touch" lead="Questions about the workshop, payments or your booking? We're happy to help." />
      <section className="section">
        <div className="container contact-grid">
          <aside className="contact-details">
            <h2 className="section-title">Contact details</h2>
            <ul>
              {DETAILS.map((d) => (
                <li key={d.label} className="card contact-item">
                  <span className="feature-icon feature-icon-sm">
                    <Icon name={d.icon} />
                  </span>
                  <div>
                    <p className="small muted">{d.label}</p>
                    {d.icon === 'mail' ? (
                      // On a narrow screen the address may wrap only after the @, never inside a word.
                      <a className="strong contact-email" href={`mailto:${d.value}`}>
                        {d.value.split('@')[0]}@<wbr />
                        {d.value.split('@')[1]}
                      </a>
                    ) : (
                      <p className="strong">{d.value}</p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-outline" onClick={() => openInterest()}>
              Facing issues with registration?
            </button>
          </aside>
          <div className="card contact-form-card">
            <h2 className="section-title">Send us a message</h2>
            {maintenance.enabled ? (
              <MaintenanceNotice message={maintenance.message} />
            ) : (
              <form className="form" onSubmit={submit} noValidate data-testid="contact-form">
                <div className="form-row">
                  <Field label="First name" name="first_name" autoComplete="given-name" value={values.first_name} onChange={edit('first_name')} error={errors.first_name} />
                  <Field label="Last name" name="last_name" autoComplete="family-name" value={values.last_name} onChange={edit('last_name')} error={errors.last_name} />
                </div>
                <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={edit('email')} error={errors.email} />
                <Field label="Subject" name="subject" value={values.subject} onChange={edit('subject')} error={errors.subject} />
                <TextArea label="Message" name="message" rows={5} value={values.message} onChange={edit('message')} error={errors.message} />
                <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
                  {busy ? 'Sending...' : 'Send Message'}
                </button>
              </form>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
