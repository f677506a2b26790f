import { useState } from 'react';
import { Alert, Button, Flex, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { SALE_REGISTERED, useCatalogue, useRegisterSale } from '../../api/treasury';
import type { CatalogueEntry, Sale } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { QueryErrorAlert } from '../../components/QueryState';
import { useFormDialog } from '../../components/useFormDialog';
import { BuyerSelect } from './BuyerSelect';
import { itemWithKey } from './itemNames';
import { MAX_DISCOUNT, MIN_DISCOUNT, cataloguePrice, clampDiscount, finalPrice, formatMoney, formatPercent } from './money';
import { SubmitOutcome } from '../../components/SubmitOutcome';

export const BUYER_REQUIRED = 'Elige al comprador: busca su nombre de Discord';
export const ITEM_REQUIRED = 'Elige un artículo del catálogo';

interface SaleFormValues {
  buyerDiscordId?: string;
  item?: string;
  discount: number | null;
}

const INITIAL_VALUES: SaleFormValues = { buyerDiscordId: undefined, item: undefined, discount: 0 };

function itemLabel(entry: CatalogueEntry): string {
  const { amount, currency } = cataloguePrice(entry);
  return `${itemWithKey(entry)} · ${formatMoney(amount, currency)}`;
}

function PriceLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" align="baseline" gap={12} role="group" aria-label={label}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong={strong} style={strong ? { fontSize: 18 } : undefined}>
        {value}
      </Typography.Text>
    </Flex>
  );
}

/** The catalogue's price, the discount and the final price of the chosen item, as the form changes. */
function PricePreview({ entry, discount }: { entry: CatalogueEntry | undefined; discount: number }) {
  const price = entry ? cataloguePrice(entry) : null;
  return (
    <div className="sale-price" aria-live="polite">
      <PriceLine label="Precio de catálogo" value={price ? formatMoney(price.amount, price.currency) : '—'} />
      <PriceLine label="Descuento" value={formatPercent(discount)} />
      <PriceLine label="Precio final" value={price ? formatMoney(finalPrice(price.amount, price.currency, discount), price.currency) : '—'} strong />
    </div>
  );
}

interface SaleFormProps {
  /** After a sale is registered (the form has been reset). */
  onSaved?: (sale: Sale) => void;
  /** Shows a 'Cancelar' button that calls this. */
  onCancel?: () => void;
  /** Keeps the form from being sent again, e.g. while its dialog is closing. */
  locked?: boolean;
}

/** The new-sale form: buyer, item and discount; the server sets the prices from its catalogue. */
export function SaleForm({ onSaved, onCancel, locked = false }: SaleFormProps) {
  const [form] = Form.useForm<SaleFormValues>();
  const catalogue = useCatalogue();
  const register = useRegisterSale();
  const [saved, setSaved] = useState<Sale | null>(null);
  const itemKey = Form.useWatch('item', form);
  const discount = clampDiscount(Form.useWatch('discount', form));
  const entry = catalogue.data?.find((candidate) => candidate.key === itemKey);

  const submit = (values: SaleFormValues) => {
    setSaved(null);
    register.mutate(
      { buyerDiscordId: values.buyerDiscordId ?? '', item: values.item ?? '', discount: clampDiscount(values.discount) },
      {
        onSuccess: (sale) => {
          form.resetFields();
          setSaved(sale);
          onSaved?.(sale);
        },
      },
    );
  };

  const busy = register.isPending || locked;

  return (
    <Form<SaleFormValues>
      form={form}
      layout="vertical"
      requiredMark="optional"
      initialValues={INITIAL_VALUES}
      onFinish={submit}
      onValuesChange={() => setSaved(null)}
      disabled={busy}
      className="sale-form"
    >
      {saved ? (
        <SubmitOutcome key={saved._id}>
          <Alert
            type="success"
            showIcon
            title={SALE_REGISTERED}
            description={`Venta #${saved._id}: ${saved.itemLabel} para ${saved.buyerUsername || saved.buyerDiscordId}, ${formatMoney(saved.finalPrice, saved.currency)}.`}
            style={{ marginBottom: 16 }}
          />
        </SubmitOutcome>
      ) : null}
      <QueryErrorAlert queries={catalogue} />
      <ErrorBanner message={register.error?.message} onClose={() => register.reset()} />
      <Form.Item label="Comprador" name="buyerDiscordId" rules={[{ required: true, message: BUYER_REQUIRED }]}>
        <BuyerSelect />
      </Form.Item>
      <Form.Item label="Artículo" name="item" rules={[{ required: true, message: ITEM_REQUIRED }]}>
        <Select
          placeholder="Elige un artículo"
          loading={catalogue.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(catalogue.data ?? []).map((candidate) => ({ value: candidate.key, label: itemLabel(candidate) }))}
        />
      </Form.Item>
      <Form.Item
        label="Descuento"
        name="discount"
        extra="Entre 0 y 100 %."
        normalize={(value: number | null) => (value === null ? value : clampDiscount(value))}
      >
        <InputNumber min={MIN_DISCOUNT} max={MAX_DISCOUNT} step={5} suffix="%" style={{ width: '100%' }} />
      </Form.Item>
      <PricePreview entry={entry} discount={discount} />
      <Flex justify="flex-end" gap={8} wrap style={{ marginTop: 20 }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={false}>
            Cancelar
          </Button>
        ) : null}
        <Button type="primary" htmlType="submit" icon={<DollarOutlined />} loading={register.isPending}>
          Registrar Venta
        </Button>
      </Flex>
    </Form>
  );
}

/** 'Nueva Venta': the form in a dialog that closes 2 seconds after the sale is registered. */
export function NewSaleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { formKey, closing, dismiss, saved } = useFormDialog(open, onClose);

  return (
    <Modal title="Nueva Venta" open={open} onCancel={dismiss} footer={null} destroyOnHidden width={520}>
      <SaleForm
        key={formKey}
        locked={closing}
        onCancel={dismiss}
        onSaved={saved}
      />
    </Modal>
  );
}
