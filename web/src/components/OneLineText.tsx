import type { CSSProperties } from 'react';
import { Typography } from 'antd';

const ONE_LINE: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, maxWidth: '100%' };

interface OneLineTextProps {
  text: string;
  strong?: boolean;
  type?: 'secondary';
  className?: string;
  style?: CSSProperties;
}

/**
 * A text kept to one line, cut with an ellipsis by CSS, whole in its title. antd's Typography
 * `ellipsis` renders each text three times as it mounts (checking what the browser supports,
 * measuring in script, then falling back to CSS) behind a size observer: in the dashboard's
 * lists of names that was a third of the components rendered while it loaded.
 */
export function OneLineText({ text, strong, type, className, style }: OneLineTextProps) {
  return (
    <Typography.Text strong={strong} type={type} className={className} title={text} style={{ ...ONE_LINE, ...style }}>
      {text}
    </Typography.Text>
  );
}
