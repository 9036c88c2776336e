import { TRUST_STATS } from '../content/trust-stats';

export function TrustStats() {
  return (
    <section className="trust" aria-label="Trusted by students worldwide">
      <dl className="container trust-grid">
        {TRUST_STATS.map((s) => (
          <div key={s.label} className="trust-item">
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
