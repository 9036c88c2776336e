import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR } from '@workshop/shared';
import { NAV_LINKS } from './header';
import { Logo } from './logo';

const LEGAL: [string, string][] = [
  ['/about', 'About'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact'],
  ['/terms', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/refund-policy', 'Cancellation & Refund'],
];

// The SPEC leaves the social accounts as placeholders.
const SOCIAL = ['Twitter', 'LinkedIn', 'YouTube', 'Instagram'];

export default function Footer() {
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
          <ul className="social" aria-label="Social media">
            {SOCIAL.map((s) => (
              <li key={s}>
                <a href="#" aria-label={`${s} (coming soon)`} onClick={(e) => e.preventDefault()}>
                  {s[0]}
                </a>
              </li>
            ))}
          </ul>
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
