import { Icon } from '../components/icon';
import { CtaBand } from '../components/cta-band';
import { PageHeader } from '../components/page-header';
import { PLATFORM_FEATURES } from '../content/marketing';
import '../styles/sections.css';

export default function PlatformScreen() {
  return (
    <>
      <PageHeader
        kicker="About the platform"
        title="The no-code builder behind the workshop"
        lead="A professional visual platform with a real database, authentication, automations and hosting: everything a business app needs, without code."
      />
      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title" className="section-title center">
            Everything in one place
          </h2>
          <div className="grid-3">
            {PLATFORM_FEATURES.map((f) => (
              <article key={f.title} className="card feature-card">
                <span className="feature-icon" aria-hidden="true">
                  <Icon name={f.icon} />
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </article>
            ))}
          </div>
          <div className="center demo-row">
            {/* The SPEC shows a demo button with no action yet. */}
            <button type="button" className="btn btn-outline btn-lg">
              Watch a Demo
            </button>
          </div>
        </div>
      </section>
      <CtaBand title="Learn the platform live, in one day" />
    </>
  );
}
