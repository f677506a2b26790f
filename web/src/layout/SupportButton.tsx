import { useState } from 'react';
import { FloatButton } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { useAuth } from '../auth/useAuth';
import { TicketDialog } from './dialogs';

/** The floating support button, for signed-in users. */
export function SupportButton() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <FloatButton
        type="primary"
        icon={<CustomerServiceOutlined />}
        tooltip="Soporte"
        aria-label="Soporte"
        badge={{ count: 0 }}
        onClick={() => setOpen(true)}
        style={{ insetInlineEnd: 24, insetBlockEnd: 24 }}
      />
      <TicketDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
