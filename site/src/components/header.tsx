import { lazy, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useMaintenance } from '../lib/data';
import { openRegistration } from '../lib/ui';
import { LazyPart } from './lazy-part';
import { Logo } from './logo';
import { useToast } from '../lib/toast';

// Most visits never raise a toast: its code comes with the first one.
const PageToast = lazy(() => import('./toaster').then((m) => ({ default: m.PageToast })));

function ToastSlot() {
  return useToast() ? (
    <LazyPart overlay>
      <PageToast />
    </LazyPart>
  ) : null;
}

export const NAV_LINKS: [string, string][] = [
  ['/learn', "What You'll Learn"],
  ['/why-no-code', 'Why No-Code?'],
  ['/who-should-attend', 'Who Should Attend'],
  ['/platform', 'About Platform'],
  ['/about', 'About'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact'],
];

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const maintenance = useMaintenance();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="header">
      <div className="container header-inner">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand-name">
            NoCode<span className="brand-accent">Workshop</span>
          </span>
          {/* The name a screen reader gives the link starts with the words it shows. */}
          <span className="sr-only"> home</span>
        </Link>
        <nav aria-label="Main" className={`nav ${menuOpen ? 'nav-open' : ''}`} id="main-nav">
          <ul>
            {NAV_LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          {!maintenance.enabled && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => openRegistration()} data-testid="header-register">
              Register Now
            </button>
          )}
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
      <ToastSlot />
    </header>
  );
}
