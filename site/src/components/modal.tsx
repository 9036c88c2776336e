import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modalOpened } from '../lib/modal-stack';
import { DialogToast } from './toaster';
import '../styles/forms.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md';
  testId?: string;
  /** While a payment provider's own checkout is on top, this dialog stops trapping keys. */
  paused?: boolean;
}

/** Dialog with a focus trap, Escape to close, scroll lock and focus returned to the opener. */
export function Modal({ title, description, onClose, children, size = 'md', testId, paused = false }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => modalOpened(), []);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = ref.current!;
    // The first field, else the dialog's main action, else the dialog itself: never the close button.
    const first = box.querySelector<HTMLElement>('[data-autofocus], input, select, textarea');
    (first ?? box).focus();
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => {
      if (pausedRef.current) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) return e.preventDefault();
      const [head, tail] = [items[0], items[items.length - 1]];
      if (e.shiftKey && (document.activeElement === head || !box.contains(document.activeElement))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (document.activeElement === tail || !box.contains(document.activeElement))) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = prevOverflow;
      opener?.focus?.();
    };
  }, []);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`modal modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        <button type="button" className="modal-close" aria-label="Close dialog" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {description && (
          <div id={descId} className="modal-desc">
            {description}
          </div>
        )}
        <DialogToast />
        {children}
      </div>
    </div>
  );
}
