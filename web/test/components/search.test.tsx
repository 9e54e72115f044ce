import { MockedApollo } from './render';
import type { MockLink } from '@apollo/client/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdvancedSearch } from '../../src/search/AdvancedSearch';
import type { Facet } from '../../src/search/facets';
import type { SearchFilter } from '../../src/search/filter';
import { SEARCH_SUGGESTIONS } from '../../src/search/operations';
import { SimpleSearch } from '../../src/search/SimpleSearch';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { I18nProvider } from '../../src/i18n/react';
import { createTranslator } from '../../src/i18n/translator';
import { theme } from '../../src/styles/theme';

// jsdom has no layout; the combobox scrolls the picked option into view.
Element.prototype.scrollIntoView ??= () => undefined;

/** As renderInApp, with Mantine's test environment: no transitions, so dropdowns show at once. */
async function renderInApp(ui: ReactElement, language: 'es' | 'en' = 'es') {
  const i18n = createTranslator({ language, texts: { es, en } });
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </I18nProvider>,
  );
}

const EMPTY_FILTER = {
  __typename: 'SearchFilter',
  text: null,
  brand: null,
  model: null,
  style: null,
  styles: null,
  fuelType: null,
  transmissionType: null,
  year: null,
  exteriorColor: null,
  interiorColor: null,
  priceFrom: null,
  priceTo: null,
  currency: null,
  yearFrom: null,
  yearTo: null,
  mileageMax: null,
  passengersNumber: null,
  motorSizeCCFrom: null,
  motorSizeCCTo: null,
} as const;

function suggestionsFor(text: string, count: number, delay = 0): MockLink.MockedResponse {
  const models = ['Corolla', 'Corolla Cross', 'Camry', 'Celica', 'C-HR', 'Hilux', 'RAV4', 'Yaris', 'Prius', 'Rush', 'Tercel', 'Echo'];
  return {
    request: { query: SEARCH_SUGGESTIONS, variables: { text } },
    delay,
    result: {
      data: {
        searchSuggestions: [null, ...models].slice(0, count).map((model) => ({
          __typename: 'SearchSuggestion',
          kind: model ? 'MODEL' : 'BRAND',
          label: model ? `Toyota ${model}` : 'Toyota',
          filter: { ...EMPTY_FILTER, brand: 'TOYOTA', model },
        })),
      },
    },
    maxUsageCount: Infinity,
  };
}

async function renderSimple(mocks: MockLink.MockedResponse[], onSearch = vi.fn<(filter: SearchFilter) => void>()) {
  await renderInApp(
    <MockedApollo mocks={mocks}>
      <SimpleSearch onSearch={onSearch} />
    </MockedApollo>,
  );
  return { onSearch, box: screen.getByRole('combobox', { name: 'Buscar carros' }) };
}

describe('<SimpleSearch>', () => {
  it('asks for suggestions 300 ms after the last keystroke and shows at most 10', async () => {
    const user = userEvent.setup();
    const { box } = await renderSimple([suggestionsFor('toyta', 12)]);
    await user.type(box, 'toyta');
    // Not at once: the request waits for 300 ms of quiet.
    expect(screen.queryByRole('option')).toBeNull();
    const list = await screen.findByRole('listbox', { name: 'Sugerencias' });
    expect(within(list).getAllByRole('option')).toHaveLength(10);
    expect(within(list).getAllByRole('option')[1]?.textContent).toBe('Toyota CorollaModelo');
  });

  it('moves through the suggestions with the arrow keys and searches the one picked with Enter', async () => {
    const user = userEvent.setup();
    const { box, onSearch } = await renderSimple([suggestionsFor('toyta cor', 3)]);
    await user.type(box, 'toyta cor');
    await screen.findByRole('listbox', {});
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(second?.id);
    await user.keyboard('{Enter}');
    // The filter's rule is loaded with the first search (a chunk of its own).
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith({ brand: 'TOYOTA', model: 'Corolla' });
    expect((box as HTMLInputElement).value).toBe('Toyota Corolla');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('searches the free text on Enter when no suggestion is picked, and Escape closes the list', async () => {
    const user = userEvent.setup();
    const { box, onSearch } = await renderSimple([suggestionsFor('toyta corola 2015', 2)]);
    await user.type(box, '  toyta corola 2015');
    await screen.findByRole('listbox', {});
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ text: 'toyta corola 2015' }));
  });

  it('asks nothing for a single character', async () => {
    const user = userEvent.setup();
    const { box } = await renderSimple([]);
    await user.type(box, 't');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

const facet = (key: Facet['key'], ...values: Array<[value: string, count: number]>): Facet => ({
  key,
  values: values.map(([value, count]) => ({ value, count })),
});

const FACETS: Facet[] = [
  facet('BRAND', ['TOYOTA', 12], ['KIA', 3]),
  facet('FUEL_TYPE', ['GASOLINE', 10], ['DIESEL', 5]),
  facet('PASSENGERS_NUMBER', ['5', 9], ['7', 4], ['2', 2]),
  facet('MOTOR_SIZE_CC_TO', ['2000', 8], ['3000', 7]),
  facet('MILEAGE_MAX', ['50000', 1], ['100000', 6]),
];

async function renderAdvanced(filter: SearchFilter = {}, facets: Facet[] = FACETS) {
  const onChange = vi.fn<(filter: SearchFilter) => void>();
  const onSearch = vi.fn<(filter: SearchFilter) => void>();
  const view = await renderInApp(<AdvancedSearch filter={filter} facets={facets} onChange={onChange} onSearch={onSearch} />);
  return { ...view, onChange, onSearch };
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionText = (name: string, value: string) => [...select(name).options].find((option) => option.value === value)?.textContent;

describe('<AdvancedSearch>', () => {
  it('shows the facet counts beside the choices', async () => {
    await renderAdvanced();
    expect(optionText('Marca', 'TOYOTA')).toBe('Toyota (12)');
    expect(optionText('Marca', 'MAZDA')).toBe('Mazda');
    expect(optionText('Marca', '')).toBe('Cualquier marca');
    expect(optionText('Combustible', 'DIESEL')).toBe('Diésel (5)');
    fireEvent.click(screen.getByRole('button', { name: 'Más filtros' }));
    await screen.findByRole('combobox', { name: 'Pasajeros' });
    // Passengers are "at least": 5+ counts 5 and 7.
    expect(optionText('Pasajeros', '5')).toBe('5 o más (13)');
    expect(optionText('Pasajeros', '2')).toBe('2 (15)');
    expect(optionText('Cilindrada', '1000-2000')).toBe('1.000 a 2.000 cc (8)');
    expect(optionText('Cilindrada', '4000-10000')).toBe('Más de 4.000 cc (0)');
    expect(optionText('Kilometraje máximo', '100000')).toBe('Menos de 100.000 (6)');
  });

  it('sends a change 300 ms after the last input, once', async () => {
    const { onChange } = await renderAdvanced({ text: 'corolla' });
    fireEvent.change(select('Marca'), { target: { value: 'KIA' } });
    fireEvent.change(select('Combustible'), { target: { value: 'DIESEL' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith({ text: 'corolla', brand: 'KIA', fuelType: 'DIESEL' });
  });

  it('offers the brand models as the model type-ahead and clears the model when the brand changes', async () => {
    const user = userEvent.setup();
    const { onSearch } = await renderAdvanced({ brand: 'TOYOTA' });
    const model = screen.getByRole('combobox', { name: 'Modelo' });
    await user.type(model, 'Cor');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(expect.arrayContaining(['Corolla', 'Corolla Cross']));
    expect(model.getAttribute('maxlength')).toBe('60');
    fireEvent.change(select('Marca'), { target: { value: 'NISSAN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenCalledWith({ brand: 'NISSAN' });
  });

  it('reads prices in colones until dollars are chosen, then follows the slider rule with the keyboard', { timeout: 90_000 }, async () => {
    const { onSearch } = await renderAdvanced();
    const slider = screen.getByTestId('price-slider');
    // Issue 31: colones by default, the slider on.
    expect((select('Moneda') as HTMLSelectElement).value).toBe('CRC');
    expect(within(slider).getAllByRole('slider')[1]!.getAttribute('aria-valuemax')).toBe('40000000');
    fireEvent.change(select('Moneda'), { target: { value: 'USD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenLastCalledWith({ currency: 'USD' });
    const [from, to] = within(slider).getAllByRole('slider');
    if (!from || !to) throw new Error('two thumbs');
    expect(to.getAttribute('aria-valuemax')).toBe('80000');
    expect(to.getAttribute('aria-valuenow')).toBe('80000');
    act(() => from.focus());
    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(from, { key: 'ArrowRight' });
    expect(from.getAttribute('aria-valuenow')).toBe('3000');
    expect(screen.getByTestId('price-slider-value').textContent).toBe('$3.000 o más');
    // The maximum down towards the minimum: it stops one step (1,000) above it.
    act(() => to.focus());
    for (let i = 0; i < 76; i += 1) fireEvent.keyDown(to, { key: 'ArrowLeft' });
    expect(to.getAttribute('aria-valuenow')).toBe('4000');
    fireEvent.keyDown(to, { key: 'ArrowLeft' });
    expect(to.getAttribute('aria-valuenow')).toBe('4000');
    expect(screen.getByTestId('price-slider-value').textContent).toBe('$3.000 a $4.000');
    // The minimum up towards the maximum: it stops one step below it.
    act(() => from.focus());
    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(from, { key: 'ArrowRight' });
    expect(from.getAttribute('aria-valuenow')).toBe('3000');
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenLastCalledWith({ currency: 'USD', priceFrom: 3_000, priceTo: 4_000 });
    // Another currency: the amounts of the old one are dropped.
    fireEvent.change(select('Moneda'), { target: { value: 'CRC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenLastCalledWith({ currency: 'CRC' });
  });

  it('shows a filter from the address, opens more filters when it uses them, and Clear keeps only the free text', async () => {
    const { onChange } = await renderAdvanced({
      text: 'hilux',
      brand: 'TOYOTA',
      yearFrom: 2010,
      transmissionType: 'MANUAL',
      motorSizeCCFrom: 2000,
      motorSizeCCTo: 3000,
    });
    expect(select('Marca').value).toBe('TOYOTA');
    expect(screen.getByRole('button', { name: 'Más filtros' }).getAttribute('aria-expanded')).toBe('true');
    expect(select('Transmisión').value).toBe('MANUAL');
    expect(select('Cilindrada').value).toBe('2000-3000');
    const [yearFrom] = within(screen.getByTestId('year-slider')).getAllByRole('slider');
    expect(yearFrom?.getAttribute('aria-valuenow')).toBe('2010');
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(select('Marca').value).toBe('');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ text: 'hilux' }));
  });

  it('follows a filter changed from outside without sending it back', async () => {
    const onChange = vi.fn<(filter: SearchFilter) => void>();
    function Outside() {
      const [filter, setFilter] = useState<SearchFilter>({ brand: 'KIA' });
      return (
        <>
          <button type="button" onClick={() => setFilter({ brand: 'MAZDA' })}>
            back
          </button>
          <AdvancedSearch filter={filter} onChange={onChange} onSearch={vi.fn()} />
        </>
      );
    }
    await renderInApp(<Outside />);
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(select('Marca').value).toBe('MAZDA'));
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    await renderInApp(<AdvancedSearch filter={{}} onSearch={vi.fn()} />, 'en');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More filters' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Colones (₡)', selected: true })).toBeTruthy();
  });
});
