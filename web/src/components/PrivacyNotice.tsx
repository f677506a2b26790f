import { useState } from 'react';
import { Button, Checkbox, Modal, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { usePrivacy, useSetPrivacy } from '../api/personalData';
import { useCommunityName } from '../api/queries';
import { useAuth } from '../auth/useAuth';
import { MINOR_EFFECTS, MINOR_LABEL } from './dataRequests';
import { ErrorBanner } from './ErrorBanner';

export const PRIVACY_NOTICE_TITLE = 'Aviso de privacidad';
export const PRIVACY_NOTICE_OK = 'Entendido';
const POLICY_PATH = '/privacy-policy';

/**
 * The short privacy notice, once per member: shown after sign-in until they press "Entendido"
 * (the server records it, with their age when they say they are under 18). Closing it any other
 * way hides it until the next visit. It does not cover the policy it links to. Mounted in the
 * browser only, for a signed-in member who has not read it (layout/PrivacyNoticeGate.tsx).
 */
export function PrivacyNotice() {
  const { user } = useAuth();
  const community = useCommunityName();
  // Mounted by layout/PrivacyNoticeGate once the answer says the notice is due.
  const privacy = usePrivacy(user !== null);
  const save = useSetPrivacy();
  const onPolicy = useLocation().pathname === POLICY_PATH;
  const [minorChoice, setMinorChoice] = useState<boolean | null>(null);
  const [closed, setClosed] = useState(false);

  const choices = privacy.data;
  const open = user !== null && choices?.noticeSeen === false && !closed && !onPolicy;
  if (!choices) return null;
  const minor = minorChoice ?? choices.minor;

  const acknowledge = () => save.mutate({ noticeSeen: true, ...(minor !== choices.minor ? { minor } : {}) });

  return (
    <Modal
      open={open}
      title={PRIVACY_NOTICE_TITLE}
      width={480}
      onCancel={() => setClosed(true)}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" loading={save.isPending} disabled={save.isPending} onClick={acknowledge}>
          {PRIVACY_NOTICE_OK}
        </Button>
      }
    >
      <Typography.Paragraph>
        {community} es responsable de tus datos personales y los usa para llevar tu cuenta y el rol en el servidor. Puedes oponerte a los
        usos voluntarios, como los avisos por mensaje directo, y ejercer tus derechos desde «Mis datos» en tu perfil.
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Link to={POLICY_PATH}>Lee la política de privacidad completa</Link>
      </Typography.Paragraph>
      <Checkbox checked={minor} disabled={save.isPending} onChange={(event) => setMinorChoice(event.target.checked)}>
        {MINOR_LABEL}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4, fontSize: 13 }}>
        {MINOR_EFFECTS}
      </Typography.Paragraph>
      <ErrorBanner message={save.error?.message} onClose={() => save.reset()} style={{ marginBottom: 0 }} />
    </Modal>
  );
}
