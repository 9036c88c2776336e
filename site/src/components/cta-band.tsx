import { useMaintenance } from '../lib/data';
import { openRegistration } from '../lib/ui';
import './cta-band.css';

/** Closing call to action on the content pages. */
export function CtaBand({ title = 'Ready to build your first app?' }: { title?: string }) {
  const maintenance = useMaintenance();
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div className="container cta-inner">
        <div>
          <h2 id="cta-title">{title}</h2>
          <p>5 hours live · recordings for 30 days · 7-day full refund</p>
        </div>
        {!maintenance.enabled && (
          <button type="button" className="btn btn-light btn-lg" onClick={() => openRegistration()}>
            Register Now →
          </button>
        )}
      </div>
    </section>
  );
}
