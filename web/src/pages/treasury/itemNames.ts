import type { CatalogueEntry } from '../../api/types';

/**
 * A catalogue item as an operator picks it: the Spanish label with the key sales keep,
 * "Paquete 2 Legal (PAQUETE2_LEGAL)"; the key alone when the label is the key.
 */
export function itemWithKey({ key, label }: Pick<CatalogueEntry, 'key' | 'label'>): string {
  return label === key || label === '' ? key : `${label} (${key})`;
}
