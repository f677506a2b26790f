import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Result, Spin, Typography } from 'antd';
import { CheckCircleFilled, LinkOutlined, LoginOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { VERIFY_INITIATE_ERROR, VERIFY_STATUS_ERROR, useInitiateVerification, useUnlinkRoblox, useVerificationStatus } from '../../api/verify';
import { saveRedirect } from '../../auth/redirect';
import { useAuth } from '../../auth/useAuth';
import { formatDate } from '../../components/dates';
import { Loading } from '../../components/Loading';
import { ResultHeading } from '../../components/ResultHeading';
import { useBrowserOnly } from '../../ssr/browserOnly';

export const NOT_CONFIGURED_TEXT = 'La verificación con Roblox no está disponible en este servidor.';
export const SWITCH_TEXT = 'Usar otra cuenta';
export const UNLINK_TEXT = 'Desvincular cuenta';
export const UNLINK_ERROR_TEXT = 'Error al desvincular la cuenta';
export const RECORD_STAYS_TEXT = 'Tu expediente sigue siendo tuyo.';

export const CHECKING_SESSION_TEXT = 'Comprobando tu sesión…';
export const SUCCESS_TITLE = '¡Verificación completada!';
export const FAILED_TITLE = 'La verificación falló';
export const LOGIN_TITLE = 'Inicia sesión para verificar tu cuenta';
export const VERIFIED_TITLE = 'Cuenta verificada';
export const VERIFY_TITLE = 'Verifica tu cuenta';

/** Why a verification failed, by the reason the server's callback names. */
export const FAILURE_REASONS: Record<string, string> = {
  denied: 'Cancelaste la autorización en Roblox.',
  expired: 'La verificación caducó o se inició en otro navegador.',
  taken: 'Esta cuenta de Roblox ya está vinculada a otra cuenta de Discord.',
  unavailable: 'Roblox no respondió. Inténtalo de nuevo más tarde.',
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <Flex justify="center" style={{ paddingBlock: 24 }}>
      <Card className="verify-card" style={{ width: '100%', maxWidth: 520 }}>
        {children}
      </Card>
    </Flex>
  );
}

function SuccessStep() {
  const navigate = useNavigate();
  return (
    <Frame>
      <Result
        status="success"
        title={<ResultHeading>{SUCCESS_TITLE}</ResultHeading>}
        subTitle="Tu cuenta de Roblox quedó verificada."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Volver al Inicio
          </Button>
        }
      />
    </Frame>
  );
}

function ErrorStep() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = FAILURE_REASONS[params.get('reason') ?? ''];
  return (
    <Frame>
      <Result
        status="error"
        title={<ResultHeading>{FAILED_TITLE}</ResultHeading>}
        subTitle={
          <>
            <span style={{ display: 'block' }}>Hubo un error al verificar tu cuenta. Inténtalo de nuevo.</span>
            {reason ? (
              <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
                {reason}
              </Typography.Text>
            ) : null}
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/verify')}>
            Intentar de nuevo
          </Button>
        }
      />
    </Frame>
  );
}

function LoginStep() {
  const navigate = useNavigate();
  const login = () => {
    saveRedirect('/verify');
    navigate('/login');
  };
  return (
    <Frame>
      <Result
        status="info"
        title={<ResultHeading>{LOGIN_TITLE}</ResultHeading>}
        extra={
          <Button type="primary" icon={<LoginOutlined />} onClick={login}>
            Iniciar sesión con Discord
          </Button>
        }
      />
    </Frame>
  );
}

function StatusStep() {
  const status = useVerificationStatus(true);
  const initiate = useInitiateVerification();
  // True once the browser has been sent to Roblox, so the button stays busy until it leaves.
  const [leaving, setLeaving] = useState(false);

  // Coming back with the browser's Back button may restore this page as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const unlink = useUnlinkRoblox();

  const start = () => {
    initiate.mutate(undefined, {
      onSuccess: (url) => {
        setLeaving(true);
        window.location.assign(url);
      },
    });
  };

  if (status.isPending) {
    return (
      <Frame>
        <Flex vertical align="center" gap={12} style={{ paddingBlock: 32 }} role="status">
          <Spin size="large" />
          <Typography.Text type="secondary">Comprobando la verificación…</Typography.Text>
        </Flex>
      </Frame>
    );
  }

  if (status.isError) {
    return (
      <Frame>
        <Alert type="error" showIcon title={VERIFY_STATUS_ERROR} />
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button onClick={() => void status.refetch()}>Reintentar</Button>
        </Flex>
      </Frame>
    );
  }

  if (status.data.verified) {
    return (
      <Frame>
        <Result
          icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
          title={<ResultHeading>{VERIFIED_TITLE}</ResultHeading>}
          subTitle={
            <>
              <Typography.Text strong style={{ display: 'block', fontSize: 18 }}>
                {status.data.username}
              </Typography.Text>
              {status.data.verifiedAt ? (
                <span style={{ display: 'block', marginTop: 4 }}>
                  Verificada el <time dateTime={status.data.verifiedAt}>{formatDate(status.data.verifiedAt)}</time>
                </span>
              ) : null}
            </>
          }
          extra={
            <Flex vertical gap={16} align="center">
              <Flex gap={8} wrap justify="center">
                {/* Verifying another account while linked replaces the link. */}
                <Popconfirm
                  title="¿Verificar otra cuenta de Roblox?"
                  description={`Reemplazará a ${status.data.username ?? ''}. ${RECORD_STAYS_TEXT}`}
                  okText="Continuar"
                  cancelText="Cancelar"
                  onConfirm={start}
                >
                  <Button loading={initiate.isPending || leaving}>{SWITCH_TEXT}</Button>
                </Popconfirm>
                <Popconfirm
                  title={`¿Desvincular ${status.data.username ?? ''}?`}
                  description={RECORD_STAYS_TEXT}
                  okText="Desvincular"
                  okButtonProps={{ danger: true }}
                  cancelText="Cancelar"
                  onConfirm={() => unlink.mutate()}
                >
                  <Button danger loading={unlink.isPending}>
                    {UNLINK_TEXT}
                  </Button>
                </Popconfirm>
              </Flex>
              {initiate.isError ? (
                <Alert
                  type="error"
                  showIcon
                  title={VERIFY_INITIATE_ERROR}
                  description={initiate.error instanceof ApiError && initiate.error.status === 503 ? NOT_CONFIGURED_TEXT : undefined}
                />
              ) : null}
              {unlink.isError ? <Alert type="error" showIcon title={UNLINK_ERROR_TEXT} /> : null}
            </Flex>
          }
        />
      </Frame>
    );
  }

  return (
    <Frame>
      <Result
        icon={<LinkOutlined style={{ color: '#4f46e5' }} />}
        title={<ResultHeading>{VERIFY_TITLE}</ResultHeading>}
        subTitle="Vincula tu cuenta de Roblox para verificar tu identidad."
        extra={
          <Flex vertical gap={16} align="center">
            <Button type="primary" size="large" loading={initiate.isPending || leaving} onClick={start}>
              Verificar con Roblox
            </Button>
            {initiate.isError ? (
              <Alert
                type="error"
                showIcon
                title={VERIFY_INITIATE_ERROR}
                // The server answers 503 when no Roblox app is configured; its own message is in Spanish.
                description={initiate.error instanceof ApiError && initiate.error.status === 503 ? NOT_CONFIGURED_TEXT : undefined}
                style={{ textAlign: 'start' }}
              />
            ) : null}
          </Flex>
        }
      />
    </Frame>
  );
}

/**
 * The game-account verification pages. They are in Spanish like the rest of the portal (the
 * specification had them in English, under the Spanish title and lang the server writes).
 */
export function VerifyPage() {
  // Each step depends on the session: rendered in the browser.
  useBrowserOnly();
  const step = useParams()['*'] ?? '';
  const { user, loading } = useAuth();

  let content: ReactNode;
  if (step === 'success') content = <SuccessStep />;
  else if (step === 'error') content = <ErrorStep />;
  else if (loading) content = <Loading text={CHECKING_SESSION_TEXT} />;
  else if (!user) content = <LoginStep />;
  else content = <StatusStep />;

  return (
    <div className="verify-page">
      {content}
    </div>
  );
}
