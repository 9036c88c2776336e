import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RECOVERY_MESSAGES } from '@workshop/shared';
import { api, userMessage } from '../lib/api';
import '../styles/pages.css';

type State = { step: 'ask' } | { step: 'busy' } | { step: 'done'; message: string } | { step: 'failed'; message: string };

/** The follow-up email's "stop these reminders" link: one button, so a mail scanner opening the link changes nothing. */
export default function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'ask' });

  async function confirm() {
    setState({ step: 'busy' });
    try {
      const { message } = await api.recovery.unsubscribe(token);
      setState({ step: 'done', message });
    } catch (err) {
      setState({ step: 'failed', message: userMessage(err, RECOVERY_MESSAGES.invalidLink) });
    }
  }

  return (
    <section className="container narrow booking-page center" data-testid="unsubscribe-page">
      <h1>Stop reminder emails</h1>
      {state.step === 'done' || state.step === 'failed' ? (
        <p role="status" className={state.step === 'failed' ? 'notice notice-warn' : 'muted'}>
          {state.message}
        </p>
      ) : (
        <>
          <p className="muted">We send one reminder when a registration is left unfinished. Unsubscribe to never get these reminders again.</p>
          <button type="button" className="btn btn-primary btn-lg" onClick={confirm} disabled={!token || state.step === 'busy'}>
            {state.step === 'busy' && <span className="spinner" aria-hidden="true" />}
            Unsubscribe
          </button>
        </>
      )}
      <p>
        <Link to="/">Return to Home</Link>
      </p>
    </section>
  );
}
