import { Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { NEWS_LOAD_ERROR, useNews } from '../../api/news';
import { Loading } from '../../components/Loading';
import { NewsGrid } from '../../components/news/NewsGrid';
import { NewsImage } from '../../components/news/NewsImage';
import { NewsTypeTag } from '../../components/news/NewsTypeTag';
import { formatDate } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';

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

export function NewsPage() {
  const news = useNews();
  const items = news.data?.filter((item) => item.active);
  return (
    <Page title={PAGE_TITLES['/news']} subtitle="Todo lo que pasa en la comunidad.">
      <BackButton to="/" label="Volver al Inicio" />
      <NewsGrid query={news} items={items} full />
    </Page>
  );
}

export function NewsDetailPage() {
  const { id } = useParams();
  const news = useNews();
  const item = news.data?.find((candidate) => candidate._id === id);

  let body;
  if (news.isPending) body = <Loading />;
  else if (news.isError) body = <QueryErrorAlert queries={news} messageFor={(error) => (error.message === NEWS_LOAD_ERROR ? NEWS_ITEM_LOAD_ERROR : error.message)} />;
  else if (!item) body = <Empty description={NEWS_NOT_FOUND} />;
  else
    body = (
      <Card className="news-detail" cover={<NewsImage item={item} style={{ maxHeight: 360 }} />}>
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

  return (
    <section className="page news-detail-page">
      <BackButton to="/news" label="Volver a Noticias" />
      {body}
    </section>
  );
}
