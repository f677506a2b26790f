import { useState } from 'react';
import { Alert, Button, Flex, InputNumber, Space, Typography } from 'antd';
import { useSetQuota } from '../../api/staff';
import type { QuotaRole } from '../../api/types';

/** The form that changes a role's weekly quota, in hours and minutes; `onDone` once saved or cancelled. */
export function QuotaEditor({ role, onDone }: { role: QuotaRole; onDone: () => void }) {
  const [hours, setHours] = useState<number | null>(Math.floor(role.seconds / 3600));
  const [minutes, setMinutes] = useState<number | null>(Math.floor((role.seconds % 3600) / 60));
  const save = useSetQuota();
  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <Typography.Text strong>{role.name}</Typography.Text>
      <Space wrap>
        <InputNumber aria-label={`Horas de ${role.name}`} min={0} max={168} precision={0} value={hours} onChange={setHours} suffix="h" />
        <InputNumber aria-label={`Minutos de ${role.name}`} min={0} max={59} precision={0} value={minutes} onChange={setMinutes} suffix="min" />
        <Button
          type="primary"
          size="small"
          loading={save.isPending}
          onClick={() => save.mutate({ roleId: role.roleId, hours: hours ?? 0, minutes: minutes ?? 0 }, { onSuccess: onDone })}
        >
          Guardar
        </Button>
        <Button size="small" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
      </Space>
      {save.isError ? <Alert type="error" showIcon title={save.error.message} /> : null}
    </Flex>
  );
}
