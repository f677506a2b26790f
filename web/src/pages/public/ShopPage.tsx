import { Suspense, lazy, useState } from 'react';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { GiftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useConfig } from '../../api/queries';
import type { ShopItem } from '../../api/types';
import { Loading } from '../../components/Loading';
import { QueryErrorAlert } from '../../components/QueryState';
import { RequestRegion } from '../../ssr/browserOnly';
import { useHasOpened } from '../../components/useHasOpened';
import { formatRobux, moneyPrices } from './shopPrices';

// The dialog downloads on the first 'Comprar Ahora', not with the list.
const PurchaseDialog = lazy(async () => ({ default: (await import('./PurchaseDialog')).PurchaseDialog }));

function ShopItemCard({ item, onBuy }: { item: ShopItem; onBuy: (item: ShopItem) => void }) {
  const prices = moneyPrices(item);
  return (
    <Card className="shop-item" style={{ height: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }}>
      <Typography.Title level={3} className="title-size-4" style={{ margin: 0 }}>
        {item.title}
      </Typography.Title>
      <Typography.Text strong className="shop-robux">
        {formatRobux(item.robux)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ flex: 1 }}>
        {prices.length > 0 ? prices.join(' · ') : 'Solo con Robux'}
      </Typography.Text>
      <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => onBuy(item)} aria-label={`Comprar Ahora: ${item.title}`} block>
        Comprar Ahora
      </Button>
    </Card>
  );
}

export function ShopPage() {
  const config = useConfig();
  const [buying, setBuying] = useState<ShopItem | null>(null);
  const purchaseUsed = useHasOpened(buying !== null);

  let sections;
  if (config.isPending) sections = <Loading />;
  else if (config.isError) sections = <QueryErrorAlert queries={config} />;
  else
    sections = config.data.shop.map((section) => (
      <section key={section.id} aria-labelledby={`shop-${section.id}`} className="shop-section">
        <Typography.Title level={2} id={`shop-${section.id}`}>
          {section.title}
        </Typography.Title>
        <Row gutter={[20, 20]}>
          {section.items.map((item) => (
            <Col key={item.key} xs={24} sm={12} md={8} xl={6}>
              <ShopItemCard item={item} onBuy={setBuying} />
            </Col>
          ))}
        </Row>
      </section>
    ));

  return (
    <Flex vertical gap={40} className="page">
      <header className="hero shop-banner">
        <h1>
          <GiftOutlined /> Ofertas Especiales
        </h1>
        <p>Apoya a la comunidad y obtén beneficios dentro del servidor. Paga con Robux, en pesos o en dólares.</p>
      </header>
      {/* The shop is the server's configuration, written into the page (webapi/document.go). */}
      <RequestRegion className="shop-slot" fallback={<Loading />}>
        {sections}
      </RequestRegion>
      {purchaseUsed ? (
        <Suspense fallback={null}>
          <PurchaseDialog item={buying} onClose={() => setBuying(null)} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
