import { formatShortDate } from '@workshop/shared';
import { Link, useParams } from 'react-router-dom';
import { api } from '../lib/api';
import '../styles/pages.css';
import { useLoad } from './use-load';

/** A certificate's public verification page: who completed which workshop, and when (never their email). */
export default function CertificateScreen() {
  const { id = '' } = useParams();
  const [load] = useLoad(() => api.afterWorkshop.certificate(id), id);
  if (load.state === 'loading') return <section className="container narrow booking-page" aria-busy="true" aria-label="Loading the certificate" />;
  if (load.state !== 'ok') {
    return (
      <section className="container narrow booking-page center" data-testid="certificate-missing">
        <h1>{load.state === 'missing' ? 'No certificate has this number' : 'We could not load this certificate'}</h1>
        <Link to="/" className="btn btn-primary">
          Go to the home page
        </Link>
      </section>
    );
  }
  const c = load.value;
  return (
    <section className="container narrow booking-page" data-testid="certificate-page">
      <p className="muted">Certificate of completion · verified</p>
      <h1 data-testid="certificate-name">{c.name}</h1>
      <p>completed the live online workshop</p>
      <dl className="booking-facts">
        <dt>Workshop</dt>
        <dd data-testid="certificate-workshop">{c.workshop_title}</dd>
        <dt>Date</dt>
        <dd data-testid="certificate-date">{formatShortDate(c.workshop_date)}</dd>
        <dt>Live training</dt>
        <dd>
          {c.hours} {c.hours === 1 ? 'hour' : 'hours'}
        </dd>
        <dt>Certificate</dt>
        <dd>{c.id}</dd>
      </dl>
      <p>
        <a className="btn btn-outline" href={`/api/certificates/${encodeURIComponent(c.id)}/pdf`} data-testid="certificate-pdf">
          Download the certificate (PDF)
        </a>
      </p>
    </section>
  );
}
