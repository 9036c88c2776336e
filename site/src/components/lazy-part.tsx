import { Component, Suspense, type ReactNode } from 'react';

/**
 * What a browser says when a dynamic import fails: Chromium, Firefox, Safari, and Vite's own
 * preload of a chunk's CSS or dependencies.
 */
const CHUNK_GONE = /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_GONE.test(error.message);
}

/** Shown where a part of the page could not be drawn: after a release, its old code is gone. */
export function UpdateNotice({ stale, overlay }: { stale: boolean; overlay?: boolean }) {
  return (
    <div className={`update-notice ${overlay ? 'update-notice-overlay' : ''}`} role="alert" data-testid="update-notice">
      <p className="update-notice-title">{stale ? 'A new version is available' : 'Something went wrong'}</p>
      <p>{stale ? 'Reload the page to get the latest version.' : 'Reload the page to try again.'}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

class UpdateBoundary extends Component<{ children: ReactNode; overlay?: boolean }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    return this.state.error ? <UpdateNotice stale={isChunkLoadError(this.state.error)} overlay={this.props.overlay} /> : this.props.children;
  }
}

/**
 * Every part of the page whose code comes later: a visitor whose page was loaded before a
 * release asks for a chunk that is gone, and gets a reload button in that part's place, not
 * an unmounted page. `overlay`: a dialog or a toast, whose place is not in the page's flow:
 * the notice is pinned to the bottom of the screen.
 */
export function LazyPart({ fallback = null, overlay, children }: { fallback?: ReactNode; overlay?: boolean; children: ReactNode }) {
  return (
    <UpdateBoundary overlay={overlay}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </UpdateBoundary>
  );
}
