import { useId } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useEndShift } from '../../api/staff';
import type { OnShiftEntry } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { END_SHIFT_TEXT } from './OnShiftCard';

/** The longest reason the server takes, as for a dismissal. */
const END_REASON_MAX = 1000;
const END_REASON_RULE = 'El motivo puede tener hasta 1000 caracteres.';

/** Ending someone else's shift, with an optional reason. */
export default function EndShiftForm({ entry, onDone, onCancel }: { entry: OnShiftEntry; onDone: () => void; onCancel: () => void }) {
  const formName = `endShift${useId()}`;
  const end = useEndShift();
  const submit = ({ reason }: { reason?: string }) => {
    end.mutate({ discordId: entry.discordId, reason: reason?.trim() ?? '' }, { onSuccess: onDone });
  };
  return (
    <Form name={formName} layout="vertical" onFinish={submit} onValuesChange={() => end.isError && end.reset()} disabled={end.isPending}>
      <Typography.Paragraph>
        Vas a terminar el turno de <strong>{entry.username}</strong> en {entry.server}. Su tiempo cuenta hasta ahora y el cambio queda en el
        registro de auditoría.
      </Typography.Paragraph>
      <Form.Item label="Motivo" name="reason" rules={[{ max: END_REASON_MAX, message: END_REASON_RULE }]}>
        <Input.TextArea rows={3} maxLength={END_REASON_MAX} showCount placeholder="Opcional: explica por qué terminas este turno" />
      </Form.Item>
      <ErrorBanner message={end.error?.message} onClose={() => end.reset()} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel} disabled={false}>
          Cancelar
        </Button>
        <Button type="primary" danger htmlType="submit" loading={end.isPending}>
          {END_SHIFT_TEXT}
        </Button>
      </Flex>
    </Form>
  );
}
