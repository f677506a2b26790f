import { useState, useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { pendingUpdate, subscribeToUpdates } from './updateNotice';
import './updateNotice.css';

export const UPDATE_AVAILABLE_TEXT = 'Nueva versión disponible';
export const UPDATE_ACTION_TEXT = 'Actualizar';

/**
 * Tells the reader that a new version of the portal is ready, with a button that applies it
 * (the page reloads). The live region is always there, empty until then, so that screen
 * readers announce the notice when it appears.
 */
export function UpdateNotice() {
  // The prerender and the hydration draw the empty region: nothing waits at build time.
  const apply = useSyncExternalStore(subscribeToUpdates, pendingUpdate, () => null);
  const [applying, setApplying] = useState(false);
  return (
    <div className="update-notice" role="status" aria-live="polite">
      {apply && (
        <div className="update-notice__card">
          <span className="update-notice__text">{UPDATE_AVAILABLE_TEXT}</span>
          <Button
            type="primary"
            loading={applying}
            onClick={() => {
              setApplying(true);
              apply();
            }}
          >
            {UPDATE_ACTION_TEXT}
          </Button>
        </div>
      )}
    </div>
  );
}
