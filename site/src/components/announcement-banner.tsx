import { useState } from 'react';
import { MAX_PARTICIPANTS_BANNER, STORAGE_KEYS } from '@workshop/shared';
import { useBrowserValue } from '../lib/hydration';
import { readStore, writeStore } from '../lib/storage';

const MESSAGE = `New: smaller Saturday workshops (${MAX_PARTICIPANTS_BANNER} participants max) are now held even with just 1 registration!`;

/**
 * Scrolling announcement; dismissal is remembered permanently (SPEC §4). The prerendered page
 * always has it: a script in the page's head hides it before the first paint for a visitor who
 * dismissed it (html.banner-dismissed), and it is removed once the page is hydrated.
 */
export function AnnouncementBanner() {
  const dismissed = useBrowserValue(() => readStore('local', STORAGE_KEYS.bannerDismissed) === 'true', false);
  const [hidden, setHidden] = useState(false);
  if (hidden || dismissed) return null;
  return (
    <div className="banner" data-testid="announcement-banner">
      {/* Two copies scroll by half their width, so the loop has no gap. */}
      <div className="banner-track" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span key={i}>
            <span className="banner-tag">New</span> {MESSAGE.replace('New: ', '')}
          </span>
        ))}
      </div>
      <p className="sr-only">{MESSAGE}</p>
      <button
        type="button"
        className="banner-close"
        aria-label="Dismiss announcement"
        onClick={() => {
          writeStore('local', STORAGE_KEYS.bannerDismissed, 'true');
          setHidden(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
