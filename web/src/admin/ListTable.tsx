import { Alert, Table, type TableProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * A list of records as an administrator's screens show it: nothing until the answer is there, a grey
 * note when it holds no record, otherwise a striped table that scrolls sideways below `minWidth`,
 * with its column heads (a text, nothing, or a head cell of its own), a row per record and a foot.
 */
export function ListTable<Item>({
  items,
  empty,
  columns,
  row,
  minWidth,
  testId,
  caption,
  foot,
  ...table
}: {
  /** `undefined` while nothing is loaded. */
  items: readonly Item[] | undefined;
  empty: string;
  columns: readonly ReactNode[];
  row: (item: Item) => ReactNode;
  minWidth: number;
  testId: string;
  caption?: ReactNode;
  foot?: ReactNode;
} & Pick<TableProps, 'highlightOnHover'>) {
  if (!items) return null;
  if (items.length === 0) return <Alert color="gray">{empty}</Alert>;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="sm" data-testid={testId} {...table}>
        {caption}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) =>
              typeof column === 'string' || column === null ? <Table.Th key={index}>{column}</Table.Th> : <Fragment key={index}>{column}</Fragment>,
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{items.map(row)}</Table.Tbody>
        {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
