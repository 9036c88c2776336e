import { lazy, useCallback, useRef, useState } from 'react';
import { useMaintenance } from '../lib/data';
import { useStayClear } from '../lib/use-stay-clear';
import { LazyPart } from './lazy-part';

const QuestionPanel = lazy(() => import('./question-panel'));

/**
 * Floating 'Have Questions?' button; the panel (and its form code) loads on first open. While
 * the button would rest on a control or a workshop card it steps aside (it comes back as soon as
 * the spot is clear, and whenever it has keyboard focus). Closing the panel returns focus to it.
 */
export default function QuestionWidget() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const maintenance = useMaintenance();
  // Measured on the fixed box, which stays put while the button inside slides away.
  const away = useStayClear(box, !open && !maintenance.enabled);
  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);
  if (maintenance.enabled) return null;
  return (
    <div ref={box} className={`qwidget ${away ? 'qwidget-away' : ''}`} data-testid="question-widget">
      {open && (
        <LazyPart overlay>
          <QuestionPanel onClose={close} />
        </LazyPart>
      )}
      <button
        ref={toggle}
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
