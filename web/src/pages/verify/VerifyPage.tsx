import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Result, Spin, Typography } from 'antd';
import { CheckCircleFilled, LinkOutlined, LoginOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { VERIFY_INITIATE_ERROR, VERIFY_STATUS_ERROR, useInitiateVerification, useUnlinkRoblox, useVerificationStatus } from '../../api/verify';
import { saveRedirect } from '../../auth/redirect';
import { useAuth } from '../../auth/useAuth';
import { formatDate } from '../../components/dates';
import { Loading, VERIFYING_TEXT } from '../../components/Loading';
import { ResultHeading } from '../../components/ResultHeading';
import { useBrowserOnly } from '../../ssr/browserOnly';

export const NOT_CONFIGURED_TEXT = 'Roblox verification is not available on this server.';
export const SWITCH_TEXT = 'Use another account';
export const UNLINK_TEXT = 'Unlink account';
export const UNLINK_ERROR_TEXT = 'Error unlinking account';
export const RECORD_STAYS_TEXT = 'Your record stays with you.';

/** Why a verification failed, by the reason the server's callback names. */
export const FAILURE_REASONS: Record<string, string> = {
  denied: 'You cancelled the authorization on Roblox.',
  expired: 'The verification expired or was started in another browser.',
  taken: 'This Roblox account is already linked to another Discord account.',
  unavailable: 'Roblox did not answer. Please try again later.',
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
        title={<ResultHeading>Verification Successful!</ResultHeading>}
        subTitle="Your Roblox account has been verified."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Return Home
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
        title={<ResultHeading>Verification Failed</ResultHeading>}
        subTitle={
          <>
            <span style={{ display: 'block' }}>There was an error verifying your account. Please try again.</span>
            {reason ? (
              <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
                {reason}
              </Typography.Text>
            ) : null}
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/verify')}>
            Try Again
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
        title={<ResultHeading>Please log in to verify your account</ResultHeading>}
        extra={
          <Button type="primary" icon={<LoginOutlined />} onClick={login}>
            Login with Discord
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
          <Typography.Text type="secondary">Checking verification status...</Typography.Text>
        </Flex>
      </Frame>
    );
  }

  if (status.isError) {
    return (
      <Frame>
        <Alert type="error" showIcon title={VERIFY_STATUS_ERROR} />
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button onClick={() => void status.refetch()}>Retry</Button>
        </Flex>
      </Frame>
    );
  }

  if (status.data.verified) {
    return (
      <Frame>
        <Result
          icon={<CheckCircleFilled style={{ color: '#52c41a' }} />}
          title={<ResultHeading>Account Verified</ResultHeading>}
          subTitle={
            <>
              <Typography.Text strong style={{ display: 'block', fontSize: 18 }}>
                {status.data.username}
              </Typography.Text>
              {status.data.verifiedAt ? (
                <span style={{ display: 'block', marginTop: 4 }}>
                  Verified on <time dateTime={status.data.verifiedAt}>{formatDate(status.data.verifiedAt)}</time>
                </span>
              ) : null}
            </>
          }
          extra={
            <Flex vertical gap={16} align="center">
              <Flex gap={8} wrap justify="center">
                {/* Verifying another account while linked replaces the link. */}
                <Popconfirm
                  title="Verify a different Roblox account?"
                  description={`It will replace ${status.data.username ?? ''}. ${RECORD_STAYS_TEXT}`}
                  okText="Continue"
                  cancelText="Cancel"
                  onConfirm={start}
                >
                  <Button loading={initiate.isPending || leaving}>{SWITCH_TEXT}</Button>
                </Popconfirm>
                <Popconfirm
                  title={`Unlink ${status.data.username ?? ''}?`}
                  description={RECORD_STAYS_TEXT}
                  okText="Unlink"
                  okButtonProps={{ danger: true }}
                  cancelText="Cancel"
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
        title={<ResultHeading>Verify Your Account</ResultHeading>}
        subTitle="Link your Roblox account to verify your identity"
        extra={
          <Flex vertical gap={16} align="center">
            <Button type="primary" size="large" loading={initiate.isPending || leaving} onClick={start}>
              Verify with Roblox
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

/** The game-account verification pages, in English. */
export function VerifyPage() {
  // Each step depends on the session: rendered in the browser.
  useBrowserOnly();
  const step = useParams()['*'] ?? '';
  const { user, loading } = useAuth();

  let content: ReactNode;
  if (step === 'success') content = <SuccessStep />;
  else if (step === 'error') content = <ErrorStep />;
  else if (loading) content = <Loading text={VERIFYING_TEXT} />;
  else if (!user) content = <LoginStep />;
  else content = <StatusStep />;

  return (
    <div lang="en" className="verify-page">
      {content}
    </div>
  );
}
