import { Col, Empty, Row } from 'antd';
import type { NewsCard } from '../../api/types';
import { ErrorBanner } from '../ErrorBanner';
import { Loading } from '../Loading';
import { NewsCardView } from './NewsCardView';

export const NO_NEWS_TEXT = 'No hay noticias disponibles';

interface NewsGridProps {
  items: NewsCard[] | undefined;
  isPending: boolean;
  error: Error | null;
  full?: boolean;
}

/** News cards with the loading, error and empty states of the list. */
export function NewsGrid({ items, isPending, error, full }: NewsGridProps) {
  if (isPending) return <Loading />;
  if (error) return <ErrorBanner message={error.message} />;
  if (!items || items.length === 0) return <Empty description={NO_NEWS_TEXT} />;
  return (
    <Row gutter={[24, 24]}>
      {items.map((item) => (
        <Col key={item._id} xs={24} md={12} lg={8}>
          <NewsCardView item={item} full={full} />
        </Col>
      ))}
    </Row>
  );
}
