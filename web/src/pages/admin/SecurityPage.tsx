import { Alert, Card, Col, Flex, Row, Typography } from 'antd';
import { ClockCircleOutlined, DiffOutlined, FilterOutlined, FormOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { BackToDashboard } from '../../components/BackToDashboard';
import { Page } from '../../components/Page';

const PLANNED: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <UserOutlined />, title: 'Quién', text: 'La persona que hizo el cambio, con su cuenta de Discord.' },
  { icon: <ClockCircleOutlined />, title: 'Cuándo', text: 'La fecha y la hora exactas de cada cambio.' },
  { icon: <FormOutlined />, title: 'Qué', text: 'La sección y el registro afectados: horas, bajas, noticias, tickets, permisos…' },
  { icon: <DiffOutlined />, title: 'Antes y después', text: 'El valor anterior y el nuevo, para saber exactamente qué cambió.' },
  { icon: <FilterOutlined />, title: 'Filtros', text: 'Búsqueda por persona, por sección y por rango de fechas.' },
];

/** What the audit log will show; the page explains it until the log is recorded. */
export function SecurityPage() {
  return (
    <Page title="Seguridad y Auditoría" subtitle="El registro de todo lo que cambia en el portal, para que cada acción del equipo quede a la vista.">
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <Alert
        type="info"
        showIcon
        title="Próximamente"
        description="El registro de auditoría todavía no está disponible. Cuando lo esté, esta página mostrará cada cambio hecho en el portal."
        style={{ marginBottom: 24 }}
      />
      <Typography.Title level={3} style={{ fontSize: 20 }}>
        Qué mostrará el registro
      </Typography.Title>
      <Row gutter={[16, 16]} align="stretch">
        {PLANNED.map((item) => (
          <Col key={item.title} xs={24} sm={12} lg={8}>
            <Card style={{ height: '100%' }}>
              <Flex gap={12} align="flex-start">
                <span className="staff-link-icon" aria-hidden="true">
                  {item.icon}
                </span>
                <div>
                  <Typography.Text strong style={{ display: 'block' }}>
                    {item.title}
                  </Typography.Text>
                  <Typography.Text type="secondary">{item.text}</Typography.Text>
                </div>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </Page>
  );
}
