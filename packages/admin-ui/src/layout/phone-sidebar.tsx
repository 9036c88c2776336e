import { SIDEBAR } from '@workshop/shared';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The sidebar on a phone: a panel sliding in from the left over a dimmed page. A modal
 * <dialog> gives what antd's Drawer did without its code: the page behind is inert, focus
 * starts in the panel and goes back to the toggle on close, and Escape closes it; a tap on
 * the dimmed page closes it too.
 */
export function PhoneSidebar({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || open === dialog.open) return;
    if (open) {
      dialog.showModal();
      // The panel itself, not its first link, takes focus (as the Drawer did): no ring on Dashboard.
      dialog.focus();
    } else {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="wk-drawer"
      aria-label="Navigation"
      tabIndex={-1}
      style={{ width: SIDEBAR.widthMobile }}
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself; the panel's content fills the rest.
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      {children}
    </dialog>
  );
}
