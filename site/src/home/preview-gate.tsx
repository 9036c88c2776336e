import { lazy, useState } from 'react';
import { DEFAULT_PREVIEW_VIDEO_URL, STORAGE_KEYS } from '@workshop/shared';
import { LazyPart } from '../components/lazy-part';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { siteStore, useMaintenance } from '../lib/data';
import { useBrowserValue } from '../lib/hydration';
import { readStore } from '../lib/storage';

const PreviewForm = lazy(() => import('./preview-form'));

type Stage = 'locked' | 'form' | 'unlocked';

/** SPEC §4: locked → form → (submitting) → unlocked; unlocked is remembered for the browser session. */
export function PreviewGate({ workshopId }: { workshopId: string | null }) {
  // Unlocked earlier in this browser session: known once the page is hydrated (the prerendered page is locked).
  const remembered = useBrowserValue(() => readStore('session', STORAGE_KEYS.videoUnlocked) === 'true', false);
  const [chosen, setStage] = useState<Stage>('locked');
  const stage: Stage = remembered && chosen === 'locked' ? 'unlocked' : chosen;
  const [autoplay, setAutoplay] = useState(false);
  const site = siteStore.use();
  const maintenance = useMaintenance();
  // Known once the live data is shown (lib/live-data-shown.ts): a video unlocked earlier in the
  // session waits for it rather than loading the default one first.
  const base = site.status === 'loading' ? null : (site.status === 'ready' && site.data.preview_video_url) || DEFAULT_PREVIEW_VIDEO_URL;

  if (stage === 'unlocked') {
    const src = base && `${base}${base.includes('?') ? '&' : '?'}${autoplay ? 'autoplay=1&mute=1&' : ''}rel=0`;
    return (
      <div className="card preview preview-video" data-testid="preview-video" data-stay-clear>
        {src && <iframe src={src} title="Workshop preview video" allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen />}
      </div>
    );
  }
  return (
    <div className="card preview" data-testid="preview-gate" data-stay-clear>
      {stage === 'locked' && (
        <div className="preview-locked">
          <div className="preview-thumb" aria-hidden="true">
            <span className="play">▶</span>
          </div>
          <div>
            <h2 className="preview-title">Free preview: watch the first 10 minutes</h2>
            <p className="small muted">See exactly what you will build before you book.</p>
            {maintenance.enabled ? (
              <MaintenanceNotice message={maintenance.message} compact />
            ) : (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setStage('form')}>
                Unlock Preview Video
              </button>
            )}
          </div>
        </div>
      )}
      {stage === 'form' && (
        <LazyPart fallback={<p className="small muted">Loading form...</p>}>
          <PreviewForm
            workshopId={workshopId}
            onUnlocked={() => {
              setAutoplay(true);
              setStage('unlocked');
            }}
          />
        </LazyPart>
      )}
    </div>
  );
}

export default PreviewGate;
