import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR, type SiteLinks } from '@workshop/shared';
import { useSiteLinks } from '../lib/data';
import { Icon, type IconName } from './icon';
import { NAV_LINKS } from './header';
import { Logo } from './logo';

const LEGAL: [string, string][] = [
  ['/about', 'About'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact'],
  ['/terms', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/refund-policy', 'Cancellation & Refund'],
  ['/your-data', 'Your data'],
];

/** Social accounts: an icon appears once an admin has set its link (Settings › Community & Social Links). */
const SOCIAL: { key: keyof SiteLinks; label: string; icon: IconName }[] = [
  { key: 'twitter_url', label: 'X (Twitter)', icon: 'twitter' },
  { key: 'linkedin_url', label: 'LinkedIn', icon: 'linkedin' },
  { key: 'youtube_url', label: 'YouTube', icon: 'youtube' },
  { key: 'instagram_url', label: 'Instagram', icon: 'instagram' },
];

export default function Footer() {
  const links = useSiteLinks();
  const social = SOCIAL.filter((s) => links[s.key]);
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="brand brand-light">
            <Logo />
            <span>
              NoCode<span className="brand-accent">Workshop</span>
            </span>
          </Link>
          <p>Live, hands-on workshops that take you from idea to a deployed business app in a single day, without writing code.</p>
          {social.length > 0 && (
            <ul className="social" aria-label="Social media">
              {social.map((s) => (
                <li key={s.key}>
                  <a href={links[s.key]} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`}>
                    <Icon name={s.icon} size={18} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Workshop">
          <h2 className="footer-heading">Workshop</h2>
          <ul>
            {NAV_LINKS.slice(0, 4).map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-heading">Company</h2>
          <ul>
            {LEGAL.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>© {COPYRIGHT_YEAR} NoCode Workshop. All rights reserved.</p>
        <p>Live online · 5 hours · Recordings for 30 days · 7-day full refund</p>
      </div>
    </footer>
  );
}
