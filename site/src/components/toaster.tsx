import { useEffect, useLayoutEffect, useRef } from 'react';
import { useModalOpen } from '../lib/modal-stack';
import { dismissToast, useToast, type Toast } from '../lib/toast';

/**
 * The toast is laid out in the page, never floated over it: under the header on pages, at the
 * top of the dialog while one is open. It moves content down instead of covering controls.
 * Errors are alerts (announced at once); the rest are polite status messages.
 */
function ToastView({ t, inDialog }: { t: Toast; inDialog?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (inDialog) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [t.id, inDialog]);
  return (
    <div ref={ref} className={`toast toast-${t.variant ?? 'default'}`} role={t.variant === 'destructive' ? 'alert' : 'status'} data-testid="toast">
      <div className="toast-body">
        <p className="toast-title">{t.title}</p>
        {t.description && <p className="toast-desc">{t.description}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
        ×
      </button>
    </div>
  );
}

/**
 * Under the header, on every page; hidden while a dialog shows the toast itself. The header is
 * sticky, so once the page is scrolled the toast would lie over what is under the header: the
 * page scrolls back by the toast's height while it shows, and the content moves down instead.
 */
export function PageToast() {
  const t = useToast();
  const modal = useModalOpen();
  const bar = useRef<HTMLDivElement>(null);
  const shown = !!t && !modal;
  useLayoutEffect(() => {
    const el = bar.current;
    const header = el?.closest('header');
    if (!shown || !el || !header) return;
    const stuck = header.getBoundingClientRect().top <= 0 && window.scrollY > 0;
    if (!stuck) return;
    // The browser's own scroll anchoring would undo this (it keeps content where it was on screen).
    const root = document.documentElement;
    const anchoring = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    const height = el.offsetHeight;
    window.scrollBy({ top: -height, behavior: 'instant' });
    // Back where the visitor was, unless a new page has meanwhile started at its top.
    return () => {
      if (window.scrollY > 0) window.scrollBy({ top: height, behavior: 'instant' });
      root.style.overflowAnchor = anchoring;
    };
  }, [shown, t?.id]);
  if (!shown) return null;
  return (
    <div ref={bar} className="container toast-bar">
      <ToastView key={t.id} t={t} />
    </div>
  );
}

/** At the top of an open dialog's content. */
export function DialogToast() {
  const t = useToast();
  return t ? <ToastView key={t.id} t={t} inDialog /> : null;
}
