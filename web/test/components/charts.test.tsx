import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, ColumnChart } from '../../src/reports/charts';
import { count } from '../../src/reports';
import { renderInApp } from './render';
import { axisTop, FunnelChart } from '../../src/insights/FunnelChart';

const days = ['2026-11-20', '2026-11-21', '2026-11-22'];

function renderColumns() {
  return renderInApp(
    <ColumnChart
      testId="per-day"
      title="Anuncios creados por día"
      description="Gratis y pagados cada día"
      xLabel="Día"
      yLabel="Anuncios"
      totalLabel="Total"
      categories={days.map((day) => ({ label: day.slice(8), name: day }))}
      series={[
        { name: 'Gratis', color: 'teal', values: [3, 0, 1200] },
        { name: 'Pagados', color: 'red', values: [2, 0, 0] },
      ]}
      formatValue={(value) => count(value, 'es')}
    />,
  );
}

describe('ColumnChart', () => {
  it('is a named image with its description, labelled axes and a legend', async () => {
    await renderColumns();
    const chart = screen.getByRole('img', { name: /Anuncios creados por día/ });
    expect(chart.getAttribute('aria-labelledby')?.split(' ')).toHaveLength(2);
    expect(within(chart).getByText('Gratis y pagados cada día')).toBeTruthy();
    expect(within(chart).getByText('Día')).toBeTruthy();
    expect(within(chart).getByText('Anuncios')).toBeTruthy();
    // Value axis ticks are round and formatted in the language (1.200 is over 1.000).
    expect(within(chart).getByText('1.500')).toBeTruthy();
    expect(screen.getAllByText('Pagados').length).toBeGreaterThan(0);
  });

  it('draws one stacked bar per non-zero value, taller for larger values', async () => {
    const { container } = await renderColumns();
    const bars = [...container.querySelectorAll('rect[data-series]')];
    expect(bars.map((bar) => `${bar.getAttribute('data-series')}=${bar.getAttribute('data-value')}`)).toEqual(['Gratis=3', 'Pagados=2', 'Gratis=1200']);
    const height = (index: number) => Number(bars[index]?.getAttribute('height'));
    expect(height(2)).toBeGreaterThan(height(0));
    expect(height(0)).toBeGreaterThan(height(1));
    // Paid sits on top of free in the same column: its bottom is free's top.
    const y = (index: number) => Number(bars[index]?.getAttribute('y'));
    expect(y(1) + height(1)).toBeCloseTo(y(0));
  });

  it('shows a column’s figures on hover and in a native tooltip', async () => {
    const { container } = await renderColumns();
    const column = container.querySelector('g[data-category="2026-11-20"]');
    if (!column) throw new Error('no column');
    expect(column.querySelector('title')?.textContent).toBe('2026-11-20: Gratis 3, Pagados 2; Total 5');
    expect(screen.queryByTestId('per-day-hover')).toBeNull();
    fireEvent.mouseEnter(column);
    expect(screen.getByTestId('per-day-hover').textContent).toBe('2026-11-20: Gratis 3, Pagados 2; Total 5');
    fireEvent.mouseLeave(column);
    expect(screen.queryByTestId('per-day-hover')).toBeNull();
  });

  it('has the same figures in a table for screen readers', async () => {
    await renderColumns();
    const table = screen.getByRole('table', { name: 'Anuncios creados por día' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['DíaGratisPagadosTotal', '2026-11-20325', '2026-11-21000', '2026-11-221.20001.200']);
  });
});

describe('BarChart', () => {
  const items = [
    { key: 'TOYOTA', label: 'Toyota', value: 12 },
    { key: 'NISSAN', label: 'Nissan', value: 7 },
    { key: 'KIA', label: 'Kia', value: 0 },
  ];

  it('draws a bar per item proportional to its value, prints the values and names the axes', async () => {
    const { container } = await renderInApp(
      <BarChart
        title="Anuncios por marca"
        description="Por marca"
        categoryLabel="Marca"
        valueLabel="Anuncios"
        items={items}
        formatValue={(value) => count(value, 'en')}
        emptyText="Nada"
      />,
      'en',
    );
    const chart = screen.getByRole('img', { name: /Anuncios por marca/ });
    expect(within(chart).getByText('Marca')).toBeTruthy();
    expect(within(chart).getByText('Anuncios')).toBeTruthy();
    const bars = [...container.querySelectorAll('rect[data-series]')];
    expect(bars.map((bar) => bar.getAttribute('data-value'))).toEqual(['12', '7']);
    const width = (index: number) => Number(bars[index]?.getAttribute('width'));
    expect(width(0) / width(1)).toBeCloseTo(12 / 7, 1);
    const toyota = container.querySelector('g[data-category="Toyota"]');
    expect(toyota?.querySelector('title')?.textContent).toBe('Toyota: 12');
    expect(within(chart).getAllByText('12').length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Anuncios por marca' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MarcaAnuncios', 'Toyota12', 'Nissan7', 'Kia0']);
  });

  it('shortens a long label on the chart and keeps it whole in the tooltip', async () => {
    const long = 'Mercedes-Benz Clase GLE Coupé 450';
    const { container } = await renderInApp(
      <BarChart
        title="Búsquedas"
        description="d"
        categoryLabel="Marca y modelo"
        valueLabel="Búsquedas"
        items={[{ key: 'a', label: long, value: 3 }]}
        formatValue={String}
        emptyText="Nada"
      />,
    );
    const row = container.querySelector(`g[data-category="${long}"]`);
    expect(row?.querySelector('title')?.textContent).toBe(`${long}: 3`);
    expect(row?.querySelector('text')?.textContent).toMatch(/…$/);
  });

  it('says so when there is nothing to draw', async () => {
    await renderInApp(<BarChart title="Búsquedas" description="d" categoryLabel="c" valueLabel="v" items={[]} formatValue={String} emptyText="Nadie buscó." />);
    expect(screen.getByText('Nadie buscó.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('FunnelChart (issue 31, item 7)', () => {
  it('has a count axis from 0 to a round top and dates under the bars', () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      impressions: index === 29 ? 37 : 0,
      views: index === 29 ? 3 : 0,
      whatsappContacts: 0,
      phoneContacts: 0,
      favourites: 0,
      shares: 0,
    }));
    renderInApp(<FunnelChart days={days} label="Apariciones y vistas" locale="es" />);
    expect(
      within(screen.getByTestId('funnel-axis-y'))
        .getAllByText(/\d/)
        .map((label) => label.textContent),
    ).toEqual(['38', '19', '0']);
    const dates = within(screen.getByTestId('funnel-axis-x')).getAllByText(/\d/);
    expect(dates.map((label) => label.getAttribute('data-day'))).toEqual(['2026-11-01', '2026-11-08', '2026-11-15', '2026-11-22', '2026-11-30']);
    expect(dates.at(-1)!.textContent).toMatch(/^30 nov/);
    expect([axisTop(0), axisTop(3), axisTop(10), axisTop(120)]).toEqual([2, 4, 10, 120]);
  });
});
