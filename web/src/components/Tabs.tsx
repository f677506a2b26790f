import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
// The one place antd's tabs are used: everywhere else imports these (eslint.config.js).
// eslint-disable-next-line no-restricted-imports
import { Tabs as AntTabs, type TabsProps } from 'antd';

type Item = NonNullable<TabsProps['items']>[number];

interface ElementProps {
  role?: string;
  'aria-live'?: string;
  'aria-label'?: string;
  children?: ReactNode;
}

/** What rc-tabs writes into a focused tab for screen readers, in Spanish: "Pestaña 1 de 2". */
export function tabPosition(position: number, count: number): string {
  return `Pestaña ${position} de ${count}`;
}

const parts = (children: ReactNode): ReactNode[] => (Array.isArray(children) ? children : [children]);

/**
 * One tab of rc-tabs's bar (its wrapper, holding the `role="tab"` element), with its name and
 * its position in Spanish. rc-tabs (1.13) writes "Tab 1 of 2" into the focused tab, in
 * English and inside the tab, so that the tab was named "Tab 1 of 2Iniciativas"; the tab is
 * named by its label instead and the position is said in Spanish.
 */
function spanishTab(wrapper: ReactElement<ElementProps>, item: Item | undefined, position: number, count: number): ReactElement {
  const localized = parts(wrapper.props.children).map((child) => {
    if (!isValidElement<ElementProps>(child) || child.props.role !== 'tab') return child;
    const inside = parts(child.props.children).map((part) =>
      isValidElement<ElementProps>(part) && part.props['aria-live'] ? cloneElement(part, undefined, tabPosition(position, count)) : part,
    );
    const name = typeof item?.label === 'string' ? { 'aria-label': item.label } : undefined;
    return cloneElement(child, name, ...inside);
  });
  return cloneElement(wrapper, undefined, ...localized);
}

/** antd's Tabs, speaking Spanish to screen readers: each tab named by its label, its position as "Pestaña 1 de 2". */
export function Tabs(props: TabsProps) {
  const items = props.items ?? [];
  const count = items.filter((item) => !item.disabled).length;
  return (
    <AntTabs
      {...props}
      renderTabBar={(barProps, DefaultTabBar) => (
        <DefaultTabBar {...barProps}>
          {(node: ReactElement) => {
            const index = items.findIndex((item) => item.key === node.key);
            return spanishTab(node as ReactElement<ElementProps>, items[index], index + 1, count);
          }}
        </DefaultTabBar>
      )}
    />
  );
}
