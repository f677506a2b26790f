import { Col, Empty, Row } from 'antd';
import type { NewsCard } from '../../api/types';
import { Loading } from '../Loading';
import { QueryState, type LoadState } from '../QueryState';
import { NewsCardView } from './NewsCardView';

export const NO_NEWS_TEXT = 'No hay noticias disponibles';

interface NewsGridProps {
  /** The news read the items come from: its loading and failure are the grid's. */
  query: LoadState;
  items: NewsCard[] | undefined;
  full?: boolean;
}

/** News cards with the loading, error and empty states of the list. */
export function NewsGrid({ query, items, full }: NewsGridProps) {
  return (
    <QueryState queries={query} loading={<Loading />} isEmpty={!items || items.length === 0} empty={<Empty description={NO_NEWS_TEXT} />}>
      <Row gutter={[24, 24]}>
        {items?.map((item) => (
          <Col key={item._id} xs={24} md={12} lg={8}>
            <NewsCardView item={item} full={full} />
          </Col>
        ))}
      </Row>
    </QueryState>
  );
}
