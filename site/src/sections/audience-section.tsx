import { Icon } from '../components/icon';
import { AUDIENCE, BRING, INDUSTRIES } from '../content/marketing';

export function AudienceSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const H = headingLevel === 1 ? 'h1' : 'h2';
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
              <h3>{a.title}</h3>
              <p>{a.text}</p>
            </article>
          ))}
        </div>
        <div className="split">
          <div className="card">
            <h3>Industries our students come from</h3>
            <ul className="tags">
              {INDUSTRIES.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </div>
          <div className="card">
            <h3>What to bring</h3>
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
