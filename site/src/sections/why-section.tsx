import { WHY_NO_CODE, WHY_POINTS } from '../content/marketing';

export function WhySection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const H = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="section section-dark" id="why-no-code" aria-labelledby="why-title">
      <div className="container">
        <p className="kicker kicker-light">The advantage</p>
        <H id="why-title" className="section-title">
          Why No-Code?
        </H>
        <p className="section-lead">Software is now something you can build yourself. Here is what that changes for your business.</p>
        <div className="why-stats">
          {WHY_NO_CODE.map((s) => (
            <div key={s.label} className="why-stat">
              <p className="why-value">{s.value}</p>
              <p className="why-label">{s.label}</p>
              <p className="why-text">{s.text}</p>
            </div>
          ))}
        </div>
        <div className="grid-3">
          {WHY_POINTS.map((p) => (
            <div key={p.title} className="why-point">
              <Sub className="card-title">{p.title}</Sub>
              <p>{p.text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
