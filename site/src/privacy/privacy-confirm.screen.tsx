import { PRIVACY_MESSAGES, type PrivacyConfirmResult, type PrivacyExport } from '@workshop/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../lib/api';
import '../styles/forms.css';
import '../styles/pages.css';
import { ErasureResult } from './erasure-result';
import { exportHtml } from './export-html';
import { ExportSummary } from './export-summary';

type ErasureAnswer = Extract<PrivacyConfirmResult, { kind: 'erasure' }>;

/**
 * Where a privacy request's confirmation link lands. Nothing happens until the person presses the
 * button (a mail scanner opening the link uses nothing up); then their data is shown, with a JSON
 * file to keep, or erased, with what the law keeps and why. The link says which it asked for; the
 * server does what the request was, whatever the link says.
 */
export default function PrivacyConfirmScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const erasure = params.get('kind') === 'erasure';
  const [data, setData] = useState<PrivacyExport | undefined>();
  const [erased, setErased] = useState<ErasureAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const answer = await api.privacy.confirm(token);
      if (answer.kind === 'export') setData(answer.export);
      else setErased(answer);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 400 ? PRIVACY_MESSAGES.invalid : 'We could not answer your request. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (erased) {
    return (
      <section className="container narrow booking-page" data-testid="privacy-erasure">
        <h1>{erased.outcome === 'erased' && erased.held ? 'Your data was erased' : 'Your data'}</h1>
        <ErasureResult answer={erased} />
        {erased.outcome === 'blocked' && (
          <button type="button" className="btn btn-outline" onClick={() => (setErased(undefined), void confirm())} disabled={busy} data-testid="privacy-try-again">
            I have cancelled it: try again
          </button>
        )}
      </section>
    );
  }
  if (data) {
    const file = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(data, null, 2))}`;
    const page = `data:text/html;charset=utf-8,${encodeURIComponent(exportHtml(data))}`;
    return (
      <section className="container narrow booking-page" data-testid="privacy-export">
        <h1>Your data</h1>
        {data.held ? (
          <>
            <p>
              Everything we hold about <strong>{data.email}</strong>.
            </p>
            <p>
              <a className="btn btn-outline" href={file} download="your-data.json" data-testid="privacy-download">
                Download it (JSON)
              </a>{' '}
              <a className="btn btn-outline" href={page} download="your-data.html" data-testid="privacy-download-html">
                Download a readable copy (HTML)
              </a>
            </p>
            <ExportSummary data={data} />
          </>
        ) : (
          <p className="notice notice-ok" data-testid="privacy-nothing">
            {PRIVACY_MESSAGES.nothingHeld}
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="container narrow booking-page" data-testid="privacy-confirm">
      <h1>Confirm your request</h1>
      {error ? (
        <>
          <p className="notice notice-warn" role="alert" data-testid="privacy-error">
            {error}
          </p>
          <p>
            <Link to="/your-data" className="btn btn-primary">
              Ask again
            </Link>
          </p>
        </>
      ) : (
        <>
          {erasure ? (
            <p>Press the button to erase everything we hold about your email address. This cannot be undone; payment records and invoices stay for 7 years, as tax law requires.</p>
          ) : (
            <p>Press the button to see everything we hold about your email address.</p>
          )}
          <button type="button" className={`btn ${erasure ? 'btn-danger' : 'btn-primary'}`} onClick={() => void confirm()} disabled={busy || !token} data-testid="privacy-confirm-button">
            {erasure ? 'Erase my data' : 'Show my data'}
          </button>
        </>
      )}
    </section>
  );
}
