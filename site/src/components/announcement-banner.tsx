import { useState } from 'react';
import { MAX_PARTICIPANTS_BANNER, STORAGE_KEYS } from '@workshop/shared';
import { readStore, writeStore } from '../lib/storage';

const MESSAGE = `New: smaller Saturday workshops (${MAX_PARTICIPANTS_BANNER} participants max) are now held even with just 1 registration!`;

/** Scrolling announcement; dismissal is remembered permanently (SPEC §4). */
export function AnnouncementBanner() {
  const [hidden, setHidden] = useState(() => readStore('local', STORAGE_KEYS.bannerDismissed) === 'true');
  if (hidden) return null;
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
