import { describe, expect, it } from 'vitest';
import { majority, proposalsFrom } from '../src/publish/proposals';

describe("the wizard's proposals from a model's ads (issue 31)", () => {
  it('proposes only what more than half of at least two ads say', () => {
    expect(
      majority([
        { value: 'AUTOMATIC', count: 12 },
        { value: 'MANUAL', count: 2 },
      ]),
    ).toEqual({ value: 'AUTOMATIC', count: 12, total: 14 });
    expect(
      majority([
        { value: 'AUTOMATIC', count: 2 },
        { value: 'MANUAL', count: 2 },
      ]),
    ).toBeNull();
    expect(majority([{ value: 'AUTOMATIC', count: 1 }])).toBeNull();
    expect(majority([])).toBeNull();
  });

  it('reads the facets and the engine sizes, 0 counting as not given', () => {
    const proposals = proposalsFrom(
      [
        { key: 'TRANSMISSION_TYPE', values: [{ value: 'AUTOMATIC', count: 3 }] },
        {
          key: 'FUEL_TYPE',
          values: [
            { value: 'GASOLINE', count: 2 },
            { value: 'DIESEL', count: 1 },
          ],
        },
        {
          key: 'STYLE',
          values: [
            { value: 'SEDAN', count: 1 },
            { value: 'SUV', count: 1 },
            { value: 'COUPE', count: 1 },
          ],
        },
        { key: 'PASSENGERS_NUMBER', values: [{ value: '5', count: 3 }] },
      ],
      [2500, 2500, 0, 2000],
    );
    expect(proposals).toEqual({
      transmissionType: { value: 'AUTOMATIC', count: 3, total: 3 },
      fuelType: { value: 'GASOLINE', count: 2, total: 3 },
      passengersNumber: { value: '5', count: 3, total: 3 },
      motorSizeCC: { value: '2500', count: 2, total: 3 },
    });
  });
});
