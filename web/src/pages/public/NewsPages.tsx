import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { NEWS_LOAD_ERROR, newsOf, useNewsItem, usePublishedNews } from '../../api/news';
import { LoadMore, shownPages } from '../../components/LoadMore';
import { Loading } from '../../components/Loading';
import { NewsGrid } from '../../components/news/NewsGrid';
import { NewsImage } from '../../components/news/NewsImage';
import { NewsTypeTag } from '../../components/news/NewsTypeTag';
import { formatDate } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { RequestRegion } from '../../ssr/browserOnly';

export const NEWS_NOT_FOUND = 'Noticia no encontrada';
export const NEWS_ITEM_LOAD_ERROR = 'Error al cargar la noticia';

function BackButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(to)} style={{ marginBottom: 24 }}>
      {label}
    </Button>
  );
}

export const MORE_NEWS_TEXT = 'Ver más noticias';

export function NewsPage() {
  const news = usePublishedNews();
  return (
    <Page title={PAGE_TITLES['/news']} subtitle="Todo lo que pasa en la comunidad.">
      <BackButton to="/" label="Volver al Inicio" />
      {/* The server writes the first page into the page (webapi/document.go); the app shows it from there. */}
      <RequestRegion slot="news-list" className="news-slot">
        <NewsGrid query={shownPages(news)} items={newsOf(news.data)} full />
        <LoadMore query={news} label={MORE_NEWS_TEXT} />
      </RequestRegion>
    </Page>
  );
}

function NewsItemBody({ id }: { id: string }) {
  const news = useNewsItem(id);
  const item = news.data;
  if (news.isPending) return <Loading />;
  if (news.isError) return <QueryErrorAlert queries={news} messageFor={(error) => (error.message === NEWS_LOAD_ERROR ? NEWS_ITEM_LOAD_ERROR : error.message)} />;
  if (!item) return <Empty description={NEWS_NOT_FOUND} />;
  return (
    <Card className="news-detail" cover={<NewsImage item={item} className="news-detail-image" eager />}>
      <article>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <NewsTypeTag type={item.type} />
          {item.active ? null : <Tag>Inactiva</Tag>}
          <Typography.Text type="secondary">
            <time dateTime={item.date}>{formatDate(item.date)}</time>
          </Typography.Text>
        </Flex>
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {item.title}
        </Typography.Title>
        <Typography.Paragraph className="news-text" style={{ fontSize: 16, marginBottom: 0 }}>
          {item.content}
        </Typography.Paragraph>
      </article>
    </Card>
  );
}

export function NewsDetailPage() {
  const { id = '' } = useParams();
  return (
    <section className="page news-detail-page">
      <BackButton to="/news" label="Volver a Noticias" />
      {/* The server writes the item into the page, for its first paint and for readers without JavaScript. */}
      <RequestRegion slot="news-item" className="news-item-slot">
        <NewsItemBody id={id} />
      </RequestRegion>
    </section>
  );
}
