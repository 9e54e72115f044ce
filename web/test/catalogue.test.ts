import { describe, expect, it } from 'vitest';
import { adTitle, adWhatsappLink, extraLabels, mileageText, priceText } from '../src/texts/adText';
import { colourText, locationText } from '../src/texts/placeAndColourText';
import { carouselAdsPerRow, pageFromSearch, pageWindow, paginationWindowSize } from '../src/catalogue/layout';
import { facebookShareUrl, previewUrl, whatsappShareUrl } from '../src/catalogue/share';

describe('pagination window (spec 01 §9)', () => {
  it('shows about width/60 minus 2 pages, within 1 to 21', () => {
    expect(paginationWindowSize(360)).toBe(4);
    expect(paginationWindowSize(768)).toBe(10);
    expect(paginationWindowSize(1280)).toBe(19);
    expect(paginationWindowSize(100)).toBe(1);
    expect(paginationWindowSize(3840)).toBe(21);
  });

  it('centres the current page while the ends allow it', () => {
    expect(pageWindow(10, 30, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(10, 30, 4)).toEqual([9, 10, 11, 12]);
    expect(pageWindow(1, 30, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 30, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(30, 30, 5)).toEqual([26, 27, 28, 29, 30]);
  });

  it('shows every page when there are fewer than the window, and none without pages', () => {
    expect(pageWindow(2, 3, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0, 10)).toEqual([]);
  });

  it('keeps a page past the end inside the list', () => {
    expect(pageWindow(99, 6, 4)).toEqual([3, 4, 5, 6]);
  });
});

describe('gold carousel ads per row (spec 01 §9)', () => {
  it('is the width divided by 350, rounded, within 1 to 4', () => {
    expect(carouselAdsPerRow(360)).toBe(1);
    expect(carouselAdsPerRow(525)).toBe(2);
    expect(carouselAdsPerRow(1024)).toBe(3);
    expect(carouselAdsPerRow(1280)).toBe(4);
    expect(carouselAdsPerRow(2560)).toBe(4);
    expect(carouselAdsPerRow(100)).toBe(1);
  });
});

describe('page of the address', () => {
  it.each([
    ['page=3', 3],
    ['', 1],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=2.5', 1],
    ['page=abc', 1],
    ['page=9999999', 1],
  ])('?%s is page %i', (query, page) => {
    expect(pageFromSearch(new URLSearchParams(query))).toBe(page);
  });
});

const ad = {
  brand: 'MERCEDES_BENZ',
  model: 'C 200',
  year: 2019,
  price: 18_500_000,
  currency: 'CRC' as const,
  mileage: 85_000,
  mileageUnit: 'KM' as const,
  province: '1',
  canton: '102',
  district: '10201',
  phoneList: [
    { phone: '2222-3333', phoneType: 'HOME' as const },
    { phone: '8888 7777', phoneType: 'WHATSAPP' as const },
  ],
};

describe('ad texts', () => {
  it('name the ad by brand label, model and year', () => {
    expect(adTitle(ad, 'es')).toBe('Mercedes-Benz C 200 2019');
    expect(adTitle({ ...ad, brand: 'UNHEARD_OF' }, 'en')).toBe('UNHEARD_OF C 200 2019');
  });

  it('format price and mileage per language', () => {
    expect(priceText(ad, 'es')).toBe('₡18.500.000');
    expect(priceText({ price: 12_500, currency: 'USD' }, 'en')).toBe('$12,500');
    expect(mileageText(ad, 'es')).toEqual({ text: '85.000 km', unitName: 'Kilómetros' });
    expect(mileageText({ mileage: 40_000, mileageUnit: 'MI' }, 'en')).toEqual({ text: '40,000 mi', unitName: 'Miles' });
  });

  it('label extras in order, dropping unknown keys, up to a limit', () => {
    expect(extraLabels(['AIR_CONDITIONING', 'NOT_AN_EXTRA', 'POWER_WINDOWS'], 'en')).toEqual(['Air conditioning', 'Power windows']);
    expect(extraLabels(['AIR_CONDITIONING', 'POWER_WINDOWS'], 'es', 1)).toEqual(['Aire acondicionado']);
  });

  it('translate a known colour code and keep free text', () => {
    expect(colourText('WHITE', 'es')).toBe('Blanco');
    expect(colourText('Azul eléctrico', 'en')).toBe('Azul eléctrico');
  });

  it('name the place from district to province', () => {
    expect(locationText(ad)).toMatch(/, San José$/);
    expect(locationText({ province: '9', canton: '', district: '' })).toBe('');
  });

  it('link WhatsApp on the WhatsApp phone with brand, model and year', () => {
    const link = adWhatsappLink(ad, 'es');
    expect(link).toMatch(/^https:\/\/wa\.me\/50688887777\?text=/);
    expect(decodeURIComponent(link?.split('text=')[1] ?? '')).toContain('Mercedes-Benz C 200 2019');
    expect(adWhatsappLink({ ...ad, phoneList: [{ phone: '2222-3333', phoneType: 'HOME' }] }, 'es')).toMatch(/wa\.me\/50622223333/);
    expect(adWhatsappLink({ ...ad, phoneList: [] }, 'es')).toBeNull();
  });
});

describe('sharing', () => {
  it('shares the preview page by Facebook and WhatsApp', () => {
    const url = previewUrl('https://ruedas.cr', 'ad 1');
    expect(url).toBe('https://ruedas.cr/preview/ad%201');
    expect(facebookShareUrl(url)).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fruedas.cr%2Fpreview%2Fad%25201');
    expect(new URL(whatsappShareUrl('Toyota Yaris 2015', url)).searchParams.get('text')).toBe(`Toyota Yaris 2015 ${url}`);
  });
});
