import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdSpecs, type SpecsAd } from '../../src/catalogue/AdSpecs';
import { renderInApp } from './render';

/** The detail page's ad as the server answers it: the place and the colours' codes worked out there (decision 0114). */
const AD: SpecsAd = {
  brand: 'TOYOTA',
  model: 'RAV4',
  year: 2018,
  style: 'TODO_TERRENO_4X4',
  transmissionType: 'AUTOMATIC',
  fuelType: 'GASOLINE',
  motorSizeCC: 2000,
  mileage: 85_000,
  mileageUnit: 'KM',
  exteriorColor: 'negra',
  exteriorColorCode: 'BLACK',
  interiorColor: 'Verde menta',
  interiorColorCode: null,
  place: 'Escazú, Escazú, San José',
  price: 18_500_000,
  currency: 'CRC',
  transferPrice: 0,
  payTaxes: true,
  knownDamage: '',
  passengersNumber: 5,
};

const field = (name: string) => within(screen.getByTestId('specs')).getByText((_, element) => element?.getAttribute('data-field') === name);

describe('the ad specifications', () => {
  it("shows the server's place, a known colour in the reader's language and a colour in the seller's words as written (es)", async () => {
    await renderInApp(<AdSpecs ad={AD} locale="es" />, 'es');
    expect(field('location').textContent).toBe('Escazú, Escazú, San José');
    expect(field('exteriorColor').textContent).toBe('Negro');
    expect(field('interiorColor').textContent).toBe('Verde menta');
    expect(screen.getByRole('rowheader', { name: 'Ubicación' })).toBeTruthy();
  });

  it('in English', async () => {
    await renderInApp(<AdSpecs ad={AD} locale="en" />, 'en');
    expect(field('exteriorColor').textContent).toBe('Black');
    expect(field('location').textContent).toBe('Escazú, Escazú, San José');
  });

  it('says "not given" without a place', async () => {
    await renderInApp(<AdSpecs ad={{ ...AD, place: '' }} locale="es" />, 'es');
    expect(field('location').textContent).toBe('No indicado');
  });
});
