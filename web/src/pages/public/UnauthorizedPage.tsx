import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ResultHeading } from '../../components/ResultHeading';
import { PAGE_TITLES } from '../../pageTitles';
import { useAuth } from '../../auth/useAuth';
import { useBrowserOnly } from '../../ssr/browserOnly';

export function UnauthorizedPage() {
  // It names the person asking: rendered in the browser.
  useBrowserOnly();
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<ResultHeading>{PAGE_TITLES['/unauthorized']}</ResultHeading>}
      subTitle={
        <>
          <div>No tienes permiso para acceder a esta página.</div>
          <div>
            {user
              ? `${user.username}, tu cuenta no tiene los permisos necesarios.`
              : 'Inicia sesión con una cuenta que tenga los permisos adecuados.'}
          </div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Volver al Inicio
        </Button>
      }
    />
  );
}
