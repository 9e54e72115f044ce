import { Table, VisuallyHidden } from '@mantine/core';

export interface ChartTableProps {
  caption: string;
  /** The header of the category column (e.g. "Día"). */
  categoryHeader: string;
  categories: readonly string[];
  series: readonly { name: string; values: readonly (number | string)[] }[];
}

/** The chart's figures as a table for screen readers (and anyone who copies them); not shown on screen. */
export function ChartTable({ caption, categoryHeader, categories, series }: ChartTableProps) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{categoryHeader}</Table.Th>
            {series.map((line) => (
              <Table.Th key={line.name} scope="col">
                {line.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((category, index) => (
            <Table.Tr key={`${category}-${index}`}>
              <Table.Th scope="row">{category}</Table.Th>
              {series.map((line) => (
                <Table.Td key={line.name}>{line.values[index]}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}
