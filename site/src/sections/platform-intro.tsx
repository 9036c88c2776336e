import { Icon } from '../components/icon';
import { Link } from 'react-router-dom';
import { PLATFORM_FEATURES } from '../content/marketing';

export function PlatformIntro() {
  return (
    <section className="section" id="platform" aria-labelledby="platform-title">
      <div className="container platform-intro">
        <div>
          <p className="kicker">The tools</p>
          <h2 id="platform-title" className="section-title">
            Built on a modern no-code platform
          </h2>
          <p className="section-lead">
            You build on a professional visual platform with a real database, logins, automations and hosting, the same stack startups use to
            launch.
          </p>
          <Link to="/platform" className="btn btn-outline">
            Explore the platform →
          </Link>
        </div>
        <ul className="platform-mini">
          {PLATFORM_FEATURES.slice(0, 4).map((f) => (
            <li key={f.title} className="card">
              <span className="feature-icon feature-icon-sm">
                <Icon name={f.icon} />
              </span>
              <span>{f.title}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
