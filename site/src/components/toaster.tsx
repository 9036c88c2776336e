import { dismissToast, useToasts } from '../lib/toast';

/** Two live regions so errors interrupt a screen reader and the rest wait their turn. */
export function Toaster() {
  const list = useToasts();
  const render = (variant: 'polite' | 'assertive') =>
    list
      .filter((t) => (t.variant === 'destructive') === (variant === 'assertive'))
      .map((t) => (
        <div key={t.id} className={`toast toast-${t.variant ?? 'default'}`} data-testid="toast">
          <div className="toast-body">
            <p className="toast-title">{t.title}</p>
            {t.description && <p className="toast-desc">{t.description}</p>}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ));
  return (
    <div className="toaster">
      <div role="status" aria-live="polite">{render('polite')}</div>
      <div role="alert" aria-live="assertive">{render('assertive')}</div>
    </div>
  );
}
