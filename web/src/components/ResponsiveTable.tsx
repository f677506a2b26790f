import { useState, type HTMLAttributes, type Key, type MouseEvent, type ReactNode } from 'react';
import { Button, Empty, Pagination, Spin, Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import { useScreens, type Screens } from './useScreens';

/** antd's default page size when a table's pagination does not name one. */
const DEFAULT_PAGE_SIZE = 10;

/**
 * Whether the window is a phone's (narrower than antd's `sm`, 576 px), known from the first
 * render, so that a phone never builds the table it would then replace. It asks for `xs` rather
 * than "not `sm`" so that a window whose width is not known (the server's render, or a test
 * environment answering no media query) keeps the table.
 */
export function usePhone(): boolean {
  return useScreens().xs === true;
}

function leafColumns<T>(columns: TableProps<T>['columns']): ColumnType<T>[] {
  return (columns ?? []).flatMap((column) =>
    'children' in column ? leafColumns((column as ColumnGroupType<T>).children) : [column as ColumnType<T>],
  );
}

function shownOn<T>(column: ColumnType<T>, screens: Screens): boolean {
  if (column.hidden) return false;
  return !column.responsive || column.responsive.some((breakpoint) => screens[breakpoint]);
}

function valueAt(record: object, dataIndex: ColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>((value, step) => (value === null || value === undefined ? undefined : (value as Record<string, unknown>)[step as string]), record);
}

/** A cell's content: renders may return `{ children, props }`, as antd allows. */
function cellContent<T extends object>(column: ColumnType<T>, record: T, index: number): ReactNode {
  const value = valueAt(record, column.dataIndex as ColumnType<object>['dataIndex']);
  if (!column.render) return value === null || value === undefined ? null : (value as ReactNode);
  const rendered = column.render(value, record, index) as unknown;
  if (rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)) return (rendered as { children: ReactNode }).children;
  return rendered as ReactNode;
}

function titleOf<T>(column: ColumnType<T>): ReactNode {
  const { title } = column;
  return typeof title === 'function' ? title({}) : title;
}

function keyOf<T extends object>(record: T, index: number, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const name = rowKey ?? 'key';
  const key = (record as Record<string, unknown>)[name as string];
  return typeof key === 'string' || typeof key === 'number' ? key : index;
}

function pageOf<T>(rows: readonly T[], pagination: TablePaginationConfig | false | undefined, current: number): readonly T[] {
  // A pagination with a total is the server's: the rows are that page already.
  if (pagination === false || (pagination && pagination.total !== undefined)) return rows;
  const size = pagination?.pageSize ?? pagination?.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  return rows.slice((current - 1) * size, current * size);
}

interface RowCardProps<T extends object> {
  record: T;
  index: number;
  columns: ColumnType<T>[];
  props: TableProps<T>;
}

/** One row as a card: each column's heading beside its content, columns without heading across. */
function RowCard<T extends object>({ record, index, columns, props }: RowCardProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const rowClass = typeof props.rowClassName === 'function' ? props.rowClassName(record, index, 0) : (props.rowClassName ?? '');
  const rowProps = (props.onRow?.(record, index) ?? {}) as HTMLAttributes<HTMLElement>;
  const expandable = props.expandable?.expandedRowRender && (props.expandable.rowExpandable?.(record) ?? true) ? props.expandable : undefined;
  const toggle = () => setExpanded((open) => !open);
  const onClick = expandable?.expandRowByClick
    ? (event: MouseEvent<HTMLElement>) => {
        rowProps.onClick?.(event);
        toggle();
      }
    : rowProps.onClick;
  // A lone column's heading would label every card alike: its content goes across instead.
  const labelled = columns.length > 1;
  const fields = columns.map((column, columnIndex) => {
    const title = labelled ? titleOf(column) : null;
    return {
      key: String(column.key ?? (column.dataIndex as Key | undefined) ?? columnIndex),
      title: title === undefined || title === null || title === '' ? null : title,
      content: cellContent(column, record, index),
    };
  });
  // Fields with a heading are a description list, each <dd> after its <dt>; one without (a
  // lone column, the actions) is a block of its own, never a <dd> without a <dt>.
  const runs: (typeof fields)[] = [];
  for (const field of fields) {
    const last = runs[runs.length - 1];
    if (last && (last[0]!.title === null) === (field.title === null)) last.push(field);
    else runs.push([field]);
  }
  return (
    <li {...rowProps} onClick={onClick} className={['responsive-card', rowClass, rowProps.className].filter(Boolean).join(' ')}>
      <div className="responsive-card-fields">
        {runs.flatMap((run) =>
          run[0]!.title === null
            ? run.map((field) => (
                <div key={field.key} className="responsive-card-wide">
                  {field.content}
                </div>
              ))
            : [
                <dl key={run[0]!.key} className="responsive-card-list">
                  {run.map((field) => (
                    <div key={field.key} className="responsive-card-field">
                      <dt>{field.title}</dt>
                      <dd>{field.content}</dd>
                    </div>
                  ))}
                </dl>,
              ],
        )}
      </div>
      {expandable ? (
        <>
          <Button
            type="link"
            className="responsive-card-expand"
            aria-expanded={expanded}
            onClick={(event) => {
              event.stopPropagation();
              toggle();
            }}
          >
            {expanded ? (props.locale?.collapse ?? 'Ocultar') : (props.locale?.expand ?? 'Ver más')}
          </Button>
          {expanded ? <div className="responsive-card-detail">{expandable.expandedRowRender?.(record, index, 0, true)}</div> : null}
        </>
      ) : null}
    </li>
  );
}

/** The rows as a list of cards, with the table's loading, empty state and pagination. */
function CardList<T extends object>(props: TableProps<T>) {
  const screens = useScreens();
  const [ownPage, setOwnPage] = useState(1);
  const { dataSource = [], loading, locale, pagination } = props;
  const columns = leafColumns(props.columns).filter((column) => shownOn(column, screens));
  const paging = pagination === false ? false : (pagination ?? {});
  const current = (paging && paging.current) || ownPage;
  const rows = pageOf(dataSource, paging, current);
  const spinning = typeof loading === 'object' ? (loading.spinning ?? true) : loading === true;
  const total = paging ? (paging.total ?? dataSource.length) : 0;
  const pageSize = paging ? (paging.pageSize ?? paging.defaultPageSize ?? DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE;

  let body: ReactNode;
  if (rows.length > 0) {
    body = (
      <ul className="plain-list responsive-cards">
        {rows.map((record, index) => (
          <RowCard key={keyOf(record, index, props.rowKey)} record={record} index={index} columns={columns} props={props} />
        ))}
      </ul>
    );
  } else if (spinning) {
    body = <div className="responsive-cards-loading" role="status" aria-busy="true" aria-label="Cargando" />;
  } else {
    const emptyText = typeof locale?.emptyText === 'function' ? locale.emptyText() : locale?.emptyText;
    body = <div className="responsive-cards-empty">{emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>;
  }

  return (
    <div className={['responsive-table', props.className].filter(Boolean).join(' ')}>
      <Spin spinning={spinning}>{body}</Spin>
      {paging && total > 0 ? (
        <Pagination
          {...paging}
          className={['responsive-cards-pagination', paging.className].filter(Boolean).join(' ')}
          current={current}
          pageSize={pageSize}
          total={total}
          showSizeChanger={paging.showSizeChanger ?? false}
          hideOnSinglePage={paging.hideOnSinglePage ?? total <= pageSize}
          onChange={(page, size) => {
            setOwnPage(page);
            paging.onChange?.(page, size);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * A table that becomes a list of cards on a phone, built from the same columns: each row a card
 * with its columns' headings and contents, keeping the row's click and keys (onRow), its class,
 * the expandable detail, the pagination, the loading state and the empty text. Columns hidden
 * on small screens (`responsive`) stay hidden on the cards.
 */
export function ResponsiveTable<T extends object>(props: TableProps<T>) {
  const phone = usePhone();
  return phone ? <CardList<T> {...props} /> : <Table<T> {...props} />;
}
