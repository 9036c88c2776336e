import { lazy, Suspense, useState } from 'react';
import { useMaintenance } from '../lib/data';

const QuestionPanel = lazy(() => import('./question-panel'));

/** Floating 'Have Questions?' button; the panel (and its form code) loads on first open. */
export default function QuestionWidget() {
  const [open, setOpen] = useState(false);
  const maintenance = useMaintenance();
  if (maintenance.enabled) return null;
  return (
    <div className="qwidget">
      {open && (
        <Suspense fallback={null}>
          <QuestionPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="qwidget-toggle"
        aria-expanded={open}
        aria-controls="question-panel"
        onClick={() => setOpen((o) => !o)}
        data-testid="question-toggle"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
        </svg>
        <span className="qwidget-label">Have Questions?</span>
      </button>
    </div>
  );
}
