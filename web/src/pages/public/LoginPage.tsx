import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useCommunityName } from '../../api/queries';
import { loginNoticeFor } from '../../auth/loginNotices';
import { peekRedirect, startDiscordLogin, takeRedirect } from '../../auth/redirect';
import { useAuth } from '../../auth/useAuth';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PAGE_TITLES } from '../../pageTitles';
import { useBrowserOnly } from '../../ssr/browserOnly';

export interface LoginLocationState {
  authError?: string;
}

export function LoginPage() {
  // What it says depends on the session and the browser's storage: rendered in the browser.
  useBrowserOnly();
  const { user, loading, error, clearError } = useAuth();
  const communityName = useCommunityName();
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const stateError = (location.state as LoginLocationState | null)?.authError;
  const [shownError, setShownError] = useState<string | null>(stateError ?? null);
  const [notice] = useState(() => loginNoticeFor(peekRedirect()));

  useEffect(() => {
    if (user) navigate(takeRedirect('/'), { replace: true });
  }, [user, navigate]);

  const signIn = () => {
    setLeaving(true);
    startDiscordLogin();
  };

  const busy = loading || leaving;
  const message = shownError ?? error;
  const dismiss = () => {
    setShownError(null);
    clearError();
  };

  return (
    <Flex justify="center" style={{ paddingBlock: 32 }}>
      <Card style={{ width: '100%', maxWidth: 460 }}>
        <Flex vertical gap={16} align="stretch">
          <Typography.Title level={1} className="page-title" style={{ margin: 0, textAlign: 'center' }}>
            {PAGE_TITLES['/login']}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: 0, textAlign: 'center' }}>
            Inicia sesión con tu cuenta de Discord para acceder al dashboard y a los servicios de {communityName}.
            Tus roles del servidor de Discord deciden a qué paneles tienes acceso.
          </Typography.Paragraph>
          {notice ? <Alert type="info" showIcon title={notice} /> : null}
          <ErrorBanner message={message} onClose={dismiss} style={{ marginBottom: 0 }} />
          <Button type="primary" size="large" block icon={<LoginOutlined />} loading={busy} disabled={busy} onClick={signIn}>
            {busy ? 'Autenticando...' : 'Iniciar sesión con Discord'}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
