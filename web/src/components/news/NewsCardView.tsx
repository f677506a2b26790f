import { Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { NewsCard } from '../../api/types';
import { NewsImage } from './NewsImage';
import { NewsTypeTag } from './NewsTypeTag';
import { formatDate } from '../dates';
import { CARD_PREVIEW_LENGTH, truncate } from './newsFormat';

interface NewsCardViewProps {
  item: NewsCard;
  /** The whole content instead of the preview. */
  full?: boolean;
}

export const READ_MORE_TEXT = 'Leer más';

/** A news item as a card linking to its page. */
export function NewsCardView({ item, full = false }: NewsCardViewProps) {
  const href = `/news/${encodeURIComponent(item._id)}`;
  return (
    <Card
      className="news-card"
      hoverable
      cover={
        <Link to={href} tabIndex={-1} aria-hidden>
          <NewsImage item={item} style={{ height: 180 }} />
        </Link>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, flex: 1 } }}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Flex gap={8} align="center" wrap>
        <NewsTypeTag type={item.type} />
        {item.active ? null : <Tag color="default">Inactiva</Tag>}
        <Typography.Text type="secondary">
          <time dateTime={item.date}>{formatDate(item.date)}</time>
        </Typography.Text>
      </Flex>
      <Typography.Title level={3} className="title-size-4" style={{ margin: 0 }}>
        <Link to={href} className="news-card-title">
          {item.title}
        </Link>
      </Typography.Title>
      <Typography.Paragraph className="news-text" style={{ margin: 0, flex: 1 }}>
        {full ? item.content : truncate(item.content, CARD_PREVIEW_LENGTH)}
      </Typography.Paragraph>
      <Link to={href} aria-label={`${READ_MORE_TEXT}: ${item.title}`}>
        {READ_MORE_TEXT}
      </Link>
    </Card>
  );
}
