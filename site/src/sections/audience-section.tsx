import { Icon } from '../components/icon';
import { AUDIENCE, BRING, INDUSTRIES } from '../content/marketing';

export function AudienceSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const H = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="section" id="who-should-attend" aria-labelledby="audience-title">
      <div className="container">
        <p className="kicker">Is this for me?</p>
        <H id="audience-title" className="section-title">
          Who Should Attend
        </H>
        <p className="section-lead">If you have an idea or a process worth improving, this workshop is for you. No technical background required.</p>
        <div className="grid-4">
          {AUDIENCE.map((a) => (
            <article key={a.title} className="card audience-card">
              <span className="feature-icon" aria-hidden="true">
                <Icon name={a.icon} />
              </span>
              <Sub className="card-title">{a.title}</Sub>
              <p>{a.text}</p>
            </article>
          ))}
        </div>
        <div className="split">
          <div className="card">
            <Sub className="card-title">Industries our students come from</Sub>
            <ul className="tags">
              {INDUSTRIES.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </div>
          <div className="card">
            <Sub className="card-title">What to bring</Sub>
            <ul className="checklist">
              {BRING.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
