import { useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import { BUYER_SEARCH } from '../../api/serverConstants.gen';
import { useBuyerSearch } from '../../api/treasury';
import type { TreasuryBuyer } from '../../api/types';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { PersonAvatar } from './saleParts';

/** How long typing pauses before the members are searched. */
const SEARCH_PAUSE_MS = 250;

export const BUYER_PLACEHOLDER = 'Escribe su nombre de Discord';
export const BUYER_TYPE_MORE = `Escribe al menos ${BUYER_SEARCH.minLength} letras de su nombre o su ID de Discord.`;
export const NO_BUYER_FOUND = 'Ningún miembro del servidor se llama así.';

/** A buyer as the form names them: display name, username and the end of their id (two members may share a name). */
export function buyerName(buyer: TreasuryBuyer): string {
  const name = buyer.globalName && buyer.globalName !== buyer.username ? `${buyer.globalName} (@${buyer.username})` : `@${buyer.username}`;
  return `${name} · ID …${buyer.id.slice(-4)}`;
}

interface BuyerSelectProps {
  id?: string;
  /** The buyer's Discord id: what the sale sends, and what the server checks. */
  value?: string;
  onChange?: (discordId: string | undefined) => void;
  disabled?: boolean;
}

/**
 * The buyer of a sale, found by name among the guild's members (GET /api/treasury/buyers)
 * instead of a 19-digit Discord id typed by hand; a pasted id finds its member too.
 */
export function BuyerSelect({ id, value, onChange, disabled }: BuyerSelectProps) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const buyers = useBuyerSearch(search);
  // The chosen buyer keeps its name while a later search no longer lists them.
  const [chosen, setChosen] = useState<TreasuryBuyer | null>(null);
  const found = buyers.data ?? [];
  const listed = chosen && chosen.id === value && !found.some((buyer) => buyer.id === chosen.id) ? [chosen, ...found] : found;
  const short = typed.trim().length < BUYER_SEARCH.minLength;

  return (
    <Select<string>
      id={id}
      value={value}
      disabled={disabled}
      placeholder={BUYER_PLACEHOLDER}
      allowClear
      loading={buyers.isFetching}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
      onChange={(next) => {
        setChosen(listed.find((buyer) => buyer.id === next) ?? null);
        setTyped('');
        onChange?.(next);
      }}
      notFoundContent={short ? BUYER_TYPE_MORE : buyers.isError ? buyers.error.message : buyers.isFetching ? null : NO_BUYER_FOUND}
      options={listed.map((buyer) => ({ value: buyer.id, label: buyerName(buyer), buyer }))}
      optionRender={(option) => {
        const buyer = option.data.buyer as TreasuryBuyer;
        return (
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            {/* The name follows: the picture (or its initial) adds nothing to read. */}
            <span aria-hidden="true">
              <PersonAvatar discordId={buyer.id} avatar={buyer.avatar} name={buyer.globalName || buyer.username} size={24} />
            </span>
            <Typography.Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{buyerName(buyer)}</Typography.Text>
          </Flex>
        );
      }}
    />
  );
}
