import { Tag } from 'antd';
import { newsTypeColor, newsTypeLabel } from './newsFormat';

export function NewsTypeTag({ type }: { type: string }) {
  return (
    <Tag color={newsTypeColor(type)} style={{ marginInlineEnd: 0 }}>
      {newsTypeLabel(type)}
    </Tag>
  );
}
