import { useRef, type KeyboardEvent } from 'react';

export interface FilterTab<K extends string> {
  key: K;
  label: string;
}

interface FilterTabsProps<K extends string> {
  items: readonly FilterTab<K>[];
  value: K;
  onChange: (key: K) => void;
  /** What the tabs choose, for a screen reader: "Estado de los tickets". */
  label: string;
  className?: string;
}

/**
 * Tabs that choose which part of a list shows below them (Todos, Activos…): a tab list of
 * buttons with no panels of their own. antd's tabs measure every tab in a layout effect to
 * place their ink bar, which forced the whole page's style and layout while the list's page
 * first rendered (a quarter of a second on a slow phone); these are drawn by the stylesheet
 * alone. Arrow keys, Home and End move between them and Enter or Space chooses, as in
 * antd's; the screen reader says each tab's name and place from the tab list itself.
 */
export function FilterTabs<K extends string>({ items, value, onChange, label, className }: FilterTabsProps<K>) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.current.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={['filter-tabs', className].filter(Boolean).join(' ')} onKeyDown={onKeyDown}>
      {items.map((item, index) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(item.key);
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
