import { describe, expect, it } from 'vitest';
import { DEVICE_HEADER, isDeviceValue } from '@ruedas/domain';
import { memoryStorage } from './memoryStorage';
import { DEVICE_KEY, deviceHeaders, deviceValue } from '../src/auth/device';

describe('the device value sent at sign-in (decision 0147)', () => {
  it('is made once, kept under the ruedas. prefix, and sent in the device header', () => {
    const storage = memoryStorage();
    const first = deviceValue(storage);
    expect(isDeviceValue(first)).toBe(true);
    expect(storage.items.get(DEVICE_KEY)).toBe(first);
    expect(deviceValue(storage)).toBe(first);
    expect(deviceHeaders(storage)).toEqual({ [DEVICE_HEADER]: first });
  });

  it('replaces a kept value that is not one, and is left out where nothing can be kept', () => {
    const storage = memoryStorage();
    storage.setItem(DEVICE_KEY, 'short');
    const made = deviceValue(storage);
    expect(isDeviceValue(made)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('no storage');
      },
      setItem: () => undefined,
    };
    expect(deviceHeaders(broken)).toEqual({});
  });
});
