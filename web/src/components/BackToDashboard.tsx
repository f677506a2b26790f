import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/useAuth';

/** Back to the staff dashboard, for those the server's menu offers it to (not a Trial member, for whom it is a dead end). */
export function BackToDashboard() {
  const navigate = useNavigate();
  if (!useAuth().offers('/dashboard')) return null;
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard')}>
      Volver al Dashboard
    </Button>
  );
}
