import { describe, expect, it } from 'vitest';
import { photoUrl } from '../src/photos';
import { checkPhotoFile, fitToCap, MAX_PHOTO_BYTES, photoCap } from '../src/photos/rules';
import { advanceUpload, createUpload, nextToSend, pendingCount, type Upload } from '../src/photos/uploadState';
import { photoDeleteUrl, PHOTO_UPLOAD_URL } from '../src/photos/urls';

describe('photo addresses', () => {
  it('serves the display size, or the thumbnail when asked', () => {
    expect(photoUrl('01HZX')).toBe('/api/v1/attachment/01HZX');
    expect(photoUrl('01HZX', { thumb: false })).toBe('/api/v1/attachment/01HZX');
    expect(photoUrl('01HZX', { thumb: true })).toBe('/api/v1/attachment/01HZX?thumb=true');
  });

  it('uploads to the protected path and deletes by id there', () => {
    expect(PHOTO_UPLOAD_URL).toBe('/api/v1/attachment/protected');
    expect(photoDeleteUrl('abc')).toBe('/api/v1/attachment/protected/abc');
  });

  it('keeps an odd id inside its path segment and refuses an empty one', () => {
    expect(photoUrl('a/../b?x')).toBe('/api/v1/attachment/a%2F..%2Fb%3Fx');
    expect(() => photoUrl(' ')).toThrow(/non-empty/);
  });
});

describe('the files rule', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('accepts JPEG and PNG up to 10 MB', () => {
    expect(checkPhotoFile(file('car.jpg', 'image/jpeg'))).toBeNull();
    expect(checkPhotoFile(file('car.png', 'image/png', MAX_PHOTO_BYTES))).toBeNull();
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
  });

  it('refuses other types, whatever the name says, and files over 10 MB', () => {
    expect(checkPhotoFile(file('car.gif', 'image/gif'))).toBe('type');
    expect(checkPhotoFile(file('car.jpg', 'text/plain'))).toBe('type');
    expect(checkPhotoFile(file('car.png', 'image/png', MAX_PHOTO_BYTES + 1))).toBe('size');
  });

  it('judges by the name when the browser gives no type', () => {
    expect(checkPhotoFile(file('CAR.JPEG', ''))).toBeNull();
    expect(checkPhotoFile(file('car.heic', ''))).toBe('type');
  });
});

describe('the cap of photos per level', () => {
  it('follows the decisions: FREE 4, BRONZE 8, SILVER 12, GOLD 20', () => {
    expect([photoCap('FREE'), photoCap('BRONZE'), photoCap('SILVER'), photoCap('GOLD')]).toEqual([4, 8, 12, 20]);
    expect(() => photoCap('PLATINUM' as never)).toThrow(/Unknown ad level "PLATINUM"/);
  });

  it('takes the first files that fit in the slots left and leaves the rest out', () => {
    expect(fitToCap(['a', 'b', 'c'], 'FREE', 2)).toEqual({ taken: ['a', 'b'], leftOut: ['c'] });
    expect(fitToCap(['a'], 'FREE', 4)).toEqual({ taken: [], leftOut: ['a'] });
    expect(fitToCap(['a'], 'FREE', 6)).toEqual({ taken: [], leftOut: ['a'] });
    expect(fitToCap(['a', 'b'], 'GOLD', 0)).toEqual({ taken: ['a', 'b'], leftOut: [] });
  });
});

describe('an upload', () => {
  const photo = new File(['x'], 'car.jpg', { type: 'image/jpeg' });
  const fresh = () => createUpload('k1', photo);

  it('goes initial, saving with progress, then success with its ids', () => {
    const started = advanceUpload(fresh(), { type: 'start' });
    expect(started).toMatchObject({ status: 'saving', progress: 0 });
    const halfway = advanceUpload(started, { type: 'progress', loaded: 50, total: 200 });
    expect(halfway.progress).toBe(0.25);
    expect(advanceUpload(started, { type: 'progress', loaded: 5, total: 0 }).progress).toBe(0);
    expect(advanceUpload(halfway, { type: 'succeed', ids: ['p1'] })).toMatchObject({ status: 'success', progress: 1, ids: ['p1'] });
  });

  it('fails with its reason, and a reset puts it back to initial to be sent again', () => {
    const failed = advanceUpload(advanceUpload(fresh(), { type: 'start' }), { type: 'fail', message: 'No es JPEG' });
    expect(failed).toMatchObject({ status: 'failed', error: 'No es JPEG' });
    expect(advanceUpload(failed, { type: 'reset' })).toMatchObject({ status: 'initial', progress: 0, error: null });
  });

  it('refuses events its state does not allow', () => {
    expect(() => advanceUpload(fresh(), { type: 'succeed', ids: ['p1'] })).toThrow(/"initial" cannot take the event "succeed"/);
    const saved = advanceUpload(advanceUpload(fresh(), { type: 'start' }), { type: 'succeed', ids: ['p1'] });
    expect(() => advanceUpload(saved, { type: 'reset' })).toThrow(/"success" cannot take the event "reset"/);
    expect(() => advanceUpload(saved, { type: 'start' })).toThrow(/cannot/);
  });

  it('is sent one at a time, in order, and holds a slot until saved', () => {
    const status = (key: string, state: Upload['status']): Upload => ({ ...createUpload(key, photo), status: state });
    expect(nextToSend([status('a', 'success'), status('b', 'initial'), status('c', 'initial')])?.key).toBe('b');
    expect(nextToSend([status('a', 'saving'), status('b', 'initial')])).toBeUndefined();
    expect(nextToSend([status('a', 'failed')])).toBeUndefined();
    expect(pendingCount([status('a', 'success'), status('b', 'failed'), status('c', 'initial'), status('d', 'saving')])).toBe(3);
  });
});
