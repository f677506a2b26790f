import { App, Button, Tooltip } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useWithdrawInitiative } from '../../api/legislative';
import type { Initiative } from '../../api/types';

export const WITHDRAW_INITIATIVE_QUESTION = '¿Estás seguro de que deseas retirar esta iniciativa?';
export const WITHDRAW_INITIATIVE_EFFECT = 'Conservará sus votos y su resultado, y ya no se podrá votar ni reabrir.';
export const INITIATIVE_WITHDRAWN = 'Iniciativa retirada exitosamente';

export interface Notice {
  type: 'success' | 'error';
  text: string;
}

/**
 * Withdrawing an initiative: a confirmation naming what stays, then the request; the
 * outcome (or the server's refusal) goes to onNotice.
 */
export function useWithdrawConfirmation(onNotice: (notice: Notice | null) => void) {
  const { modal } = App.useApp();
  const withdraw = useWithdrawInitiative();
  const confirm = (initiative: Initiative) => {
    void modal.confirm({
      title: WITHDRAW_INITIATIVE_QUESTION,
      content: (
        <>
          <p style={{ margin: 0, fontWeight: 600 }}>{initiative.title}</p>
          <p style={{ marginBottom: 0 }}>{WITHDRAW_INITIATIVE_EFFECT}</p>
        </>
      ),
      okText: 'Retirar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => {
        onNotice(null);
        return withdraw.mutateAsync(initiative._id).then(
          () => onNotice({ type: 'success', text: INITIATIVE_WITHDRAWN }),
          (error: Error) => onNotice({ type: 'error', text: error.message }),
        );
      },
    });
  };
  const withdrawing = (initiative: Initiative) => withdraw.isPending && withdraw.variables === initiative._id;
  return { confirm, withdrawing };
}

interface WithdrawButtonProps {
  initiative: Initiative;
  loading: boolean;
  onClick: () => void;
  /** An icon alone (in a row of actions) or with its label. */
  iconOnly?: boolean;
}

/** Retirar, for whoever the server says may withdraw this initiative. */
export function WithdrawButton({ initiative, loading, onClick, iconOnly = false }: WithdrawButtonProps) {
  if (!initiative.mayWithdraw) return null;
  const button = (
    <Button
      type={iconOnly ? 'text' : 'default'}
      danger
      icon={<StopOutlined />}
      loading={loading}
      aria-label={`Retirar: ${initiative.title}`}
      onClick={onClick}
    >
      {iconOnly ? null : 'Retirar'}
    </Button>
  );
  return iconOnly ? <Tooltip title="Retirar">{button}</Tooltip> : button;
}
