import { Icon } from '../components/icon';
import { CtaBand } from '../components/cta-band';
import { PageHeader } from '../components/page-header';
import { PLATFORM_FEATURES } from '../content/marketing';
import { useSiteLinks } from '../lib/data';
import '../styles/sections.css';

export default function PlatformScreen() {
  const links = useSiteLinks();
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
          {/* The SPEC's demo button has no action of its own: it appears once an admin sets the demo video link. */}
          {links.demo_video_url && (
            <div className="center demo-row">
              <a className="btn btn-outline btn-lg" href={links.demo_video_url} target="_blank" rel="noopener noreferrer">
                <Icon name="video" size={18} /> Watch a Demo
              </a>
            </div>
          )}
        </div>
      </section>
      <CtaBand title="Learn the platform live, in one day" />
    </>
  );
}
