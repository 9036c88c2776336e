import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import '../styles/pages.css';

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>
          <span className="sr-only">404 </span>Oops! Page not found
        </h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className="btn btn-primary btn-lg">
          Return to Home
        </Link>
      </div>
    </section>
  );
}
