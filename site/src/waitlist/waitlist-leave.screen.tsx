import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { api, userMessage } from '../lib/api';

/**
 * Where the offer email's "Leave the waitlist" link lands. Leaving takes a click: mail scanners
 * that open links must not take anyone out of line.
 */
export default function WaitlistLeaveScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'done' | 'failed'; message: string }>({ status: 'idle' });

  async function leave() {
    setState({ status: 'busy' });
    try {
      const r = await api.waitlist.leave(token);
      setState({ status: 'done', message: `${r.message} (${r.workshop_title})` });
    } catch (err) {
      setState({ status: 'failed', message: userMessage(err, 'Something went wrong. Please try again.') });
    }
  }

  return (
    <>
      <PageHeader kicker="Waitlist" title="Leave the waitlist" lead="No longer interested? You can give up your place in line, and any seat held for you goes to the next person." />
      <div className="section">
        <div className="container">
          <div className="card" data-testid="waitlist-leave">
            {state.status === 'done' || state.status === 'failed' ? (
              <p className={`notice ${state.status === 'failed' ? 'notice-warn' : ''}`} role={state.status === 'failed' ? 'alert' : 'status'} data-testid="waitlist-leave-result">
                {state.message}
              </p>
            ) : (
              <>
                <p>Leave the waitlist for this workshop? We will not email you about a seat again.</p>
                <button type="button" className="btn btn-primary" onClick={leave} disabled={state.status === 'busy' || !token} data-testid="waitlist-leave-confirm">
                  {state.status === 'busy' ? 'Leaving...' : 'Leave the waitlist'}
                </button>
              </>
            )}
            <p className="small muted">
              <Link to="/">Back to the workshop</Link>
            </p>
          </div>
        </div>
      </div>
    </>
  );
}
