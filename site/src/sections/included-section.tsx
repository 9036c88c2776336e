import { Icon } from '../components/icon';
import { INCLUDED } from '../content/marketing';

export function IncludedSection() {
  return (
    <section className="section section-tint" id="included" aria-labelledby="included-title">
      <div className="container">
        <p className="kicker">Everything you get</p>
        <h2 id="included-title" className="section-title">
          What&apos;s Included
        </h2>
        <div className="grid-3">
          {INCLUDED.map((i) => (
            <article key={i.title} className="card included-card">
              <span className="feature-icon" aria-hidden="true">
                <Icon name={i.icon} />
              </span>
              <div>
                <h3>{i.title}</h3>
                <p>{i.text}</p>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
