/** Replaces registration and forms while the site is in maintenance mode. */
export function MaintenanceNotice({ message, compact }: { message: string; compact?: boolean }) {
  return (
    <div className={`maintenance ${compact ? 'maintenance-compact' : ''}`} role="status" data-testid="maintenance-notice">
      <svg className="maintenance-icon" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z" />
      </svg>
      <div>
        <p className="maintenance-title">Registration is paused for maintenance</p>
        <p>{message}</p>
      </div>
    </div>
  );
}
