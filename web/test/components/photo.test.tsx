import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Photo } from '../../src/photos';
import { renderInApp } from './render';

describe('<Photo>', () => {
  it('loads lazily and asynchronously in a frame of fixed ratio, with its alt text', async () => {
    await renderInApp(<Photo id="p1" alt="Toyota RAV4 2018" thumb ratio={16 / 10} />);
    const image = screen.getByRole('img', { name: 'Toyota RAV4 2018' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/api/v1/attachment/p1?thumb=true');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(Number(image.getAttribute('width')) / Number(image.getAttribute('height'))).toBe(1.6);
    expect(image.parentElement!.style.aspectRatio).toBe('1.6 / 1');
  });

  it('shows the car placeholder when the image fails to load, and tries again for another id', async () => {
    const { rerender } = await renderInApp(<Photo id="broken" alt="Nissan Frontier 2012" />, 'en');
    fireEvent.error(screen.getByRole('img'));
    const placeholder = screen.getByRole('img', { name: 'Nissan Frontier 2012 (photo not available)' });
    expect(placeholder.tagName.toLowerCase()).toBe('svg');
    expect(screen.queryByRole('img', { name: 'Nissan Frontier 2012' })).toBeNull();

    rerender(<Photo id="other" alt="Nissan Frontier 2012" />);
    expect(screen.getByRole('img', { name: 'Nissan Frontier 2012' }).getAttribute('src')).toBe('/api/v1/attachment/other');
  });

  it('shows the placeholder at once when there is no photo', async () => {
    await renderInApp(<Photo id={null} alt="Kia Rio 2020" />);
    expect(screen.getByRole('img', { name: 'Kia Rio 2020 (foto no disponible)' }).tagName.toLowerCase()).toBe('svg');
  });
});
