import { Button, Card, Typography } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { saveRedirect, startDiscordLogin } from '../auth/redirect';

/** Shown where a page needs a signed-in user and finds none. */
export function LoginPrompt() {
  const location = useLocation();
  const signIn = () => {
    saveRedirect(location.pathname + location.search);
    startDiscordLogin();
  };
  return (
    <Card style={{ maxWidth: 420, margin: '48px auto', textAlign: 'center' }}>
      <Typography.Title level={2} className="title-size-4">
        Inicia Sesión para usar esto
      </Typography.Title>
      <Button type="primary" size="large" icon={<LoginOutlined />} onClick={signIn}>
        Iniciar sesión con Discord
      </Button>
    </Card>
  );
}
