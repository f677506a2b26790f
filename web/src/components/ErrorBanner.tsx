import type { CSSProperties } from 'react';
import { Alert } from 'antd';

interface ErrorBannerProps {
  message: string | null | undefined;
  onClose?: () => void;
  style?: CSSProperties;
}

/** A dismissible red banner; a new message shows again after a dismissal. */
export function ErrorBanner({ message, onClose, style }: ErrorBannerProps) {
  if (!message) return null;
  return (
    <Alert
      key={message}
      type="error"
      showIcon
      title={message}
      closable={{ onClose: () => onClose?.(), 'aria-label': 'Cerrar' }}
      style={{ marginBottom: 16, ...style }}
    />
  );
}
