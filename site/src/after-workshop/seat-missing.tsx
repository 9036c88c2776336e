import { Link } from 'react-router-dom';

/** A link whose seat is gone (cancelled, refunded, passed on) or that cannot be loaded. */
export function SeatMissing({ missing, what }: { missing: boolean; what: string }) {
  return (
    <section className="container narrow booking-page center" data-testid="seat-missing">
      <h1>{missing ? `This ${what} link no longer opens a seat` : `We could not load your ${what}`}</h1>
      <p className="muted">{missing ? 'The seat may have been cancelled or passed on to someone else.' : 'Something went wrong loading it. Please try again.'}</p>
      <Link to="/contact" className="btn btn-primary">
        Contact us
      </Link>
    </section>
  );
}
