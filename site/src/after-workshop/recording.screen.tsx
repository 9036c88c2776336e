import { formatEventDate, RECORDING_MESSAGES } from '@workshop/shared';
import { useParams } from 'react-router-dom';
import { api } from '../lib/api';
import '../styles/pages.css';
import { SeatMissing } from './seat-missing';
import { useLoad } from './use-load';

/** Where a seat's recording link lands when it does not go straight to the recording: why not, and until when. */
export default function RecordingScreen() {
  const { token = '' } = useParams();
  const [load] = useLoad(() => api.afterWorkshop.recording(token), token);
  if (load.state === 'loading') return <section className="container narrow booking-page" aria-busy="true" aria-label="Loading the recording" />;
  if (load.state !== 'ok') return <SeatMissing missing={load.state === 'missing'} what="recording" />;
  const v = load.value;
  const message = v.state === 'upcoming' ? RECORDING_MESSAGES.upcoming : v.state === 'expired' ? RECORDING_MESSAGES.expired : RECORDING_MESSAGES.notAdded;
  return (
    <section className="container narrow booking-page" data-testid="recording-page" data-state={v.state}>
      <p className="muted">Workshop recording</p>
      <h1>{v.title}</h1>
      <div className="card booking-join join-status" role="status">
        <h2 data-testid="recording-message">{message}</h2>
        {v.state === 'available' ? (
          <p>
            <a className="btn btn-primary" href={window.location.pathname}>
              Watch the recording
            </a>
          </p>
        ) : (
          v.state !== 'expired' && <p className="muted">Available until {formatEventDate(v.available_until)}.</p>
        )}
      </div>
    </section>
  );
}
