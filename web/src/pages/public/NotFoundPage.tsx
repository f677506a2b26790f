import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ResultHeading } from '../../components/ResultHeading';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<ResultHeading>Página No Encontrada</ResultHeading>}
      subTitle="La página que buscas no existe o fue movida."
      extra={
        <Flex gap={12} justify="center" wrap>
          <Button onClick={() => navigate(-1)}>Regresar</Button>
          <Button type="primary" onClick={() => navigate('/')}>
            Página Principal
          </Button>
        </Flex>
      }
    />
  );
}
