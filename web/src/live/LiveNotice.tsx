import { useEffect, useMemo, useState } from 'react';
import { theme } from 'antd';
import { useLiveStatus } from './status';

export const LIVE_DOWN_NOTICE = 'Sin conexión en vivo';
/** A reconnection usually succeeds within seconds; only a longer outage is worth a word. */
export const LIVE_DOWN_NOTICE_DELAY = 10_000;

/**
 * A small note, in a corner, that the page is not receiving live updates: shown once the
 * stream has been down for 10 s (the pages still read again on their own, more slowly).
 */
export function LiveNotice() {
  const { token } = theme.useToken();
  const down = useLiveStatus() === 'down';
  // One object per outage: the timer of an earlier outage cannot show the note for this one.
  const outage = useMemo(() => (down ? {} : null), [down]);
  const [lasted, setLasted] = useState<object | null>(null);
  useEffect(() => {
    if (outage === null) return undefined;
    const timer = setTimeout(() => setLasted(outage), LIVE_DOWN_NOTICE_DELAY);
    return () => clearTimeout(timer);
  }, [outage]);

  const shown = outage !== null && lasted === outage;
  return (
    <div role="status" className="live-notice">
      {shown ? (
        <span
          style={{
            position: 'fixed',
            insetInlineStart: 16,
            insetBlockEnd: 16,
            zIndex: token.zIndexPopupBase,
            padding: `${token.paddingXXS}px ${token.paddingSM}px`,
            borderRadius: token.borderRadiusLG,
            background: token.colorBgElevated,
            color: token.colorText,
            border: `1px solid ${token.colorWarningBorder}`,
            boxShadow: token.boxShadowSecondary,
            fontSize: token.fontSizeSM,
            // A note, not a control: clicks reach what lies under it.
            pointerEvents: 'none',
          }}
        >
          {LIVE_DOWN_NOTICE}
        </span>
      ) : null}
    </div>
  );
}
