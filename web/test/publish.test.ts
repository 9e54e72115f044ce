import { PLAN_MAX_QUANTITY } from '@ruedas/domain';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage';
import { providerResponse } from '../src/publish/payment';
import {
  adTotal,
  canAddToPlan,
  canGoNext,
  canTakeFromPlan,
  chooseLevel,
  currencyKeystrokes,
  hasBack,
  hasNext,
  newAdValues,
  opportunityInput,
  planCovers,
  planQuantityStep,
  planTotal,
  step1Errors,
  storedAdValues,
  type AdFormValues,
  type PlanBalance,
  type Prices,
} from '../src/publish/rules';
import { createWipStore, WIP_KEY } from '../src/publish/wip';
import { createDraftStore, DRAFT_KEY } from '../src/publish/draft';
import type { WizardDraft } from '../src/publish/AdWizard';

const NOW = new Date('2026-03-10T15:00:00Z');

function validAd(): AdFormValues {
  return {
    ...newAdValues({ phoneList: [{ phone: '8888-1234', phoneType: 'WHATSAPP' }], province: '1', canton: '101', district: '10101' }, NOW),
    brand: 'TOYOTA',
    model: 'RAV4',
    year: '2018',
    style: 'TODO_TERRENO_4X4',
    fuelType: 'GASOLINE',
    transmissionType: 'AUTOMATIC',
    passengersNumber: '5',
    price: 12_500_000,
    exteriorColor: 'Blanco',
    interiorColor: 'Negro',
    mileage: '85000',
  };
}

const PRICES: Prices = {
  single: { GOLD: 25_000, SILVER: 15_000, BRONZE: 8_000 },
  inPlan: { GOLD: 12_500, SILVER: 7_500, BRONZE: 4_000 },
  quickApproval: 3_000,
};

describe('a new ad', () => {
  it('starts with nothing about the car the seller has not chosen, and the seller phones and location (issue 31)', () => {
    const values = newAdValues({ phoneList: [{ phone: '8888-1234', phoneType: 'MOBILE' }], province: '2', canton: '201', district: '20101' }, NOW);
    expect(values).toMatchObject({
      year: '',
      currency: 'CRC',
      fuelType: '',
      transmissionType: '',
      style: '',
      motorSizeCC: '',
      mileageUnit: 'KM',
      payTaxes: true,
      passengersNumber: '',
      level: 'FREE',
      autoApproval: false,
      province: '2',
      canton: '201',
      phoneList: [{ phone: '8888-1234', phoneType: 'MOBILE' }],
    });
    expect(values.extraList).toEqual([]);
  });

  it('keeps step 1 until the seller chooses transmission, fuel and passengers', () => {
    const errors = step1Errors({ ...validAd(), transmissionType: '', fuelType: '', passengersNumber: '' }, NOW);
    expect(errors).toMatchObject({ transmissionType: 'invalidTransmissionType', fuelType: 'invalidFuelType', passengersNumber: 'invalidPassengersNumber' });
    expect(step1Errors(validAd(), NOW)).toEqual({});
  });

  it('offers one empty WhatsApp phone row when the seller has none', () => {
    expect(newAdValues({}, NOW).phoneList).toEqual([{ phone: '', phoneType: 'WHATSAPP' }]);
  });
});

describe('choosing a plan', () => {
  it('sets the level, keeps the custom message only for GOLD and quick approval only for FREE', () => {
    const gold = chooseLevel({ ...validAd(), message: 'Único dueño' }, 'GOLD');
    expect(gold).toMatchObject({ level: 'GOLD', message: 'Único dueño' });
    expect(chooseLevel(gold, 'SILVER')).toMatchObject({ level: 'SILVER', message: '' });

    const quick = { ...validAd(), autoApproval: true };
    expect(chooseLevel(quick, 'FREE').autoApproval).toBe(true);
    expect(chooseLevel(quick, 'BRONZE')).toMatchObject({ level: 'BRONZE', autoApproval: false });
  });

  it('leaves photos beyond the new cap for step 1 to report', () => {
    const many = { ...chooseLevel(validAd(), 'GOLD'), attachmentIds: ['a', 'b', 'c', 'd', 'e'] };
    const free = chooseLevel(many, 'FREE');
    expect(free.attachmentIds).toHaveLength(5);
    expect(step1Errors(free, NOW).attachmentIds).toBe('tooManyPhotos');
  });
});

describe('moving between steps', () => {
  it('offers Next on steps 1 and 2 and Back on steps 2 and 3', () => {
    expect([0, 1, 2].map((step) => hasNext(step as 0))).toEqual([true, true, false]);
    expect([0, 1, 2].map((step) => hasBack(step as 0))).toEqual([false, true, true]);
  });

  it('leaves step 1 only when it is valid', () => {
    expect(canGoNext(0, validAd(), NOW)).toBe(true);
    expect(canGoNext(0, { ...validAd(), model: '' }, NOW)).toBe(false);
    expect(canGoNext(1, { ...validAd(), model: '' }, NOW)).toBe(true);
    expect(canGoNext(2, validAd(), NOW)).toBe(false);
  });

  it('reports every step 1 problem with the spec message keys', () => {
    const errors = step1Errors(
      {
        ...validAd(),
        brand: '',
        model: '',
        year: '1899',
        price: 0,
        motorSizeCC: '40',
        mileage: '1000001',
        exteriorColor: '',
        interiorColor: 'Negro!',
        carIdNumber: 'ABC-123',
        knownDamage: 'x'.repeat(160),
        phoneList: [{ phone: '1234', phoneType: 'WHATSAPP' }],
        province: '',
      },
      NOW,
    );
    expect(errors).toMatchObject({
      brand: 'invalidBrand',
      model: 'invalidModel',
      year: 'invalidYear',
      price: 'invalidPrice',
      motorSizeCC: 'invalidMotorSizeCC',
      mileage: 'invalidMileage',
      exteriorColor: 'invalidExteriorColor',
      interiorColor: 'invalidInteriorColor',
      carIdNumber: 'invalidCarIdNumber',
      knownDamage: 'invalidKnownDamage',
      'phoneList.0.phone': 'invalidPhone',
      province: 'invalidProvince',
    });
  });

  it('accepts next calendar year but not the one after', () => {
    expect(step1Errors({ ...validAd(), year: '2027' }, NOW).year).toBeUndefined();
    expect(step1Errors({ ...validAd(), year: '2028' }, NOW).year).toBe('invalidYear');
  });

  it('accepts a blank engine size and mileage as 0', () => {
    expect(step1Errors({ ...validAd(), motorSizeCC: '', mileage: '' }, NOW)).toEqual({});
  });
});

describe('what is sent', () => {
  it('is the parsed ad: numbers, upper-case plate, phones without separators', () => {
    const input = opportunityInput({ ...validAd(), carIdNumber: 'bcd123', motorSizeCC: '' }, NOW);
    expect(input).toMatchObject({
      brand: 'TOYOTA',
      year: 2018,
      mileage: 85_000,
      motorSizeCC: 0,
      passengersNumber: 5,
      carIdNumber: 'BCD123',
      phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
      level: 'FREE',
      message: '',
    });
  });

  it('is nothing while the ad is invalid', () => {
    expect(opportunityInput({ ...validAd(), model: '' }, NOW)).toBeNull();
  });

  it('drops a custom message of a non-gold ad', () => {
    expect(opportunityInput({ ...validAd(), level: 'SILVER', message: 'left over' }, NOW)?.message).toBe('');
  });

  it('reads a stored ad back into the form', () => {
    const input = opportunityInput(validAd(), NOW)!;
    const stored = {
      ...input,
      askingPrice: { amount: input.price.toFixed(2) },
      transferCost: { amount: input.transferPrice.toFixed(2) },
      phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' as const }],
    };
    const values = storedAdValues(stored);
    expect(values).toMatchObject({ year: '2018', mileage: '85000', motorSizeCC: '', passengersNumber: '5' });
    expect(opportunityInput(values, NOW)).toEqual(opportunityInput(validAd(), NOW));
  });
});

describe('the total', () => {
  const balance = (planLevel: PlanBalance['planLevel'], available: number, blocked = false): PlanBalance => ({
    planLevel,
    availableOpportunities: available,
    expirationDate: '2026-04-10T15:00:00Z',
    blocked,
  });

  it('is the single price of a paid level, 0 for a free ad and the quick approval price when asked', () => {
    expect(adTotal(PRICES, { level: 'GOLD', autoApproval: false }, [], NOW)).toBe(25_000);
    expect(adTotal(PRICES, { level: 'BRONZE', autoApproval: false }, [], NOW)).toBe(8_000);
    expect(adTotal(PRICES, { level: 'FREE', autoApproval: false }, [], NOW)).toBe(0);
    expect(adTotal(PRICES, { level: 'FREE', autoApproval: true }, [], NOW)).toBe(3_000);
  });

  it('is 0 when a plan of that level has ads left, unless it is blocked or expired', () => {
    expect(adTotal(PRICES, { level: 'SILVER', autoApproval: false }, [balance('SILVER', 3)], NOW)).toBe(0);
    expect(adTotal(PRICES, { level: 'GOLD', autoApproval: false }, [balance('SILVER', 3)], NOW)).toBe(25_000);
    expect(adTotal(PRICES, { level: 'SILVER', autoApproval: false }, [balance('SILVER', 0)], NOW)).toBe(15_000);
    expect(adTotal(PRICES, { level: 'SILVER', autoApproval: false }, [balance('SILVER', 3, true)], NOW)).toBe(15_000);
    const expired = { ...balance('SILVER', 3), expirationDate: '2026-03-01T00:00:00Z' };
    expect(planCovers([expired], 'SILVER', NOW)).toBe(false);
  });
});

describe('the plan quantity control', () => {
  it('steps by one between the minimum and 100', () => {
    expect(planQuantityStep(10, 1, 10)).toBe(11);
    expect(planQuantityStep(10, -1, 10)).toBe(10);
    expect(planQuantityStep(PLAN_MAX_QUANTITY, 1, 10)).toBe(PLAN_MAX_QUANTITY);
    expect(planQuantityStep(Number.NaN, 1, 10)).toBe(11);
    expect(planQuantityStep(250, -1, 10)).toBe(100);
  });

  it('disables plus at 100 or more and minus at the minimum or less', () => {
    expect([99, 100, 101].map(canAddToPlan)).toEqual([true, false, false]);
    expect([9, 10, 11].map((quantity) => canTakeFromPlan(quantity, 10))).toEqual([false, false, true]);
  });

  it('totals the plan price per ad', () => {
    expect(planTotal(PRICES, 'SILVER', 12)).toBe(90_000);
  });
});

describe('the currency field', () => {
  it('keeps only digits, commas, spaces, dots, $ and ₡', () => {
    expect(currencyKeystrokes('₡12.500,50abc')).toBe('₡12.500,50');
    expect(currencyKeystrokes('$ 1,000-€')).toBe('$ 1,000');
  });
});

describe('the work-in-progress marker', () => {
  it('keeps the unpaid ad of its seller only', () => {
    const storage = memoryStorage();
    const wip = createWipStore(storage);
    expect(wip.read('u1')).toBeNull();
    wip.save({ userId: 'u1', opportunityId: 'ad1' });
    expect(wip.read('u1')).toEqual({ userId: 'u1', opportunityId: 'ad1' });
    expect(wip.read('u2')).toBeNull();
    expect(storage.items.has(WIP_KEY)).toBe(true);
  });

  it('is cleared by the ad it marks, not by another', () => {
    const wip = createWipStore(memoryStorage());
    wip.save({ userId: 'u1', opportunityId: 'ad1' });
    wip.clear('ad2');
    expect(wip.read('u1')).not.toBeNull();
    wip.clear('ad1');
    expect(wip.read('u1')).toBeNull();
  });

  it('drops an unreadable marker', () => {
    const storage = memoryStorage();
    storage.setItem(WIP_KEY, '{not json');
    expect(createWipStore(storage).read('u1')).toBeNull();
    expect(storage.items.has(WIP_KEY)).toBe(false);
  });
});

describe('the provider response on the return address', () => {
  it('is the response query value, or the bare query after its first character', () => {
    expect(providerResponse('?response=abc.def')).toBe('abc.def');
    expect(providerResponse('?response=a%2Bb%3D')).toBe('a+b=');
    expect(providerResponse('?xyz123')).toBe('xyz123');
    expect(providerResponse('')).toBe('');
    expect(providerResponse('?other=1')).toBe('');
  });
});

describe('the wizard draft (issue 13)', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
      map,
    };
  };
  const draft = { values: { model: 'Prado', price: 6_500_000 }, step: 1, electronicInvoice: false, invoice: { fullname: '' } } as unknown as WizardDraft;

  it("keeps one seller's draft, gives it back to that seller only, and forgets it on clear", () => {
    const storage = memory();
    const store = createDraftStore(storage);
    store.save('u1', draft);
    expect(store.read('u1')).toEqual(draft);
    expect(store.read('u2')).toBeNull();
    expect(store.read('u1')).toEqual(draft);
    store.clear();
    expect(store.read('u1')).toBeNull();
  });

  it('drops an unreadable draft', () => {
    const storage = memory();
    storage.setItem(DRAFT_KEY, '{not json');
    expect(createDraftStore(storage).read('u1')).toBeNull();
    expect(storage.map.has(DRAFT_KEY)).toBe(false);
    storage.setItem(DRAFT_KEY, JSON.stringify({ userId: 'u1', draft: { values: {}, step: 7 } }));
    expect(createDraftStore(storage).read('u1')).toBeNull();
  });
});
