import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhotoCarousel } from '../../src/photos';
import { renderInApp } from './render';

const ids = ['p1', 'p2', 'p3', 'p4', 'p5'];

/** The addresses of the images in the page, i.e. the photos the browser may load. */
function loadedSources(): string[] {
  return Array.from(document.querySelectorAll('img'), (image) => image.getAttribute('src') ?? '');
}

function currentSlide(carousel: HTMLElement): string | null {
  const visible = within(carousel)
    .getAllByRole('group', { hidden: true })
    .filter((slide) => slide.getAttribute('aria-hidden') === 'false');
  expect(visible).toHaveLength(1);
  return visible[0]!.getAttribute('aria-label');
}

function swipe(target: Element, fromX: number, toX: number, pointerId = 1) {
  fireEvent.pointerDown(target, { pointerId, clientX: fromX, clientY: 100, pointerType: 'touch', button: 0 });
  fireEvent.pointerMove(target, { pointerId, clientX: (fromX + toX) / 2, clientY: 102, pointerType: 'touch' });
  fireEvent.pointerMove(target, { pointerId, clientX: toX, clientY: 104, pointerType: 'touch' });
  fireEvent.pointerUp(target, { pointerId, clientX: toX, clientY: 104, pointerType: 'touch' });
}

describe('<PhotoCarousel>', () => {
  it('is a labelled carousel region showing the first photo, with only it and the next one loaded', async () => {
    await renderInApp(<PhotoCarousel ids={ids} title="Toyota RAV4 2018" variant="large" />);
    const carousel = screen.getByRole('region', { name: 'Fotos de Toyota RAV4 2018' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carrusel');
    expect(currentSlide(carousel)).toBe('Foto 1 de 5');
    expect(within(carousel).getByText('1 / 5')).toBeTruthy();
    expect(loadedSources()).toEqual(['/api/v1/attachment/p1', '/api/v1/attachment/p2']);
    expect(screen.getByRole('img', { name: 'Toyota RAV4 2018, foto 1 de 5' })).toBeTruthy();
  });

  it('moves with the labelled arrow buttons and stops at both ends (English labels)', async () => {
    const user = userEvent.setup();
    await renderInApp(<PhotoCarousel ids={ids.slice(0, 3)} title="Kia Rio" />, 'en');
    const carousel = screen.getByRole('region', { name: 'Photos of Kia Rio' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const previous = screen.getByRole('button', { name: 'Previous photo' });
    const next = screen.getByRole('button', { name: 'Next photo' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    await user.click(next);
    await user.click(next);
    expect(currentSlide(carousel)).toBe('Photo 3 of 3');
    expect(within(carousel).getByText('3 / 3')).toBeTruthy();
    expect((next as HTMLButtonElement).disabled).toBe(true);

    await user.click(previous);
    expect(currentSlide(carousel)).toBe('Photo 2 of 3');
  });

  it('answers ArrowRight, ArrowLeft, End and Home when focused, loading photos as they are reached', async () => {
    const user = userEvent.setup();
    await renderInApp(<PhotoCarousel ids={ids} title="Hyundai Tucson" />);
    const carousel = screen.getByRole('region');
    carousel.focus();

    await user.keyboard('{ArrowRight}');
    expect(currentSlide(carousel)).toBe('Foto 2 de 5');
    expect(loadedSources()).toEqual(['/api/v1/attachment/p1', '/api/v1/attachment/p2', '/api/v1/attachment/p3']);

    await user.keyboard('{End}');
    expect(currentSlide(carousel)).toBe('Foto 5 de 5');
    expect(loadedSources()).not.toContain('/api/v1/attachment/p4');

    await user.keyboard('{ArrowRight}');
    expect(currentSlide(carousel)).toBe('Foto 5 de 5');

    await user.keyboard('{ArrowLeft}');
    expect(currentSlide(carousel)).toBe('Foto 4 de 5');
    await user.keyboard('{Home}');
    expect(currentSlide(carousel)).toBe('Foto 1 de 5');
  });

  it('follows a swipe to the left or right, and snaps back from a short one', async () => {
    await renderInApp(<PhotoCarousel ids={ids} title="Mazda 3" variant="compact" />);
    const carousel = screen.getByRole('region');
    const photo = screen.getByRole('img', { name: 'Mazda 3, foto 1 de 5' });
    expect(photo.getAttribute('src')).toBe('/api/v1/attachment/p1?thumb=true');

    swipe(photo, 300, 200);
    expect(currentSlide(carousel)).toBe('Foto 2 de 5');
    swipe(photo, 200, 290);
    expect(currentSlide(carousel)).toBe('Foto 1 de 5');
    swipe(photo, 300, 270);
    expect(currentSlide(carousel)).toBe('Foto 1 de 5');
    swipe(photo, 300, 150);
    swipe(photo, 300, 150);
    expect(currentSlide(carousel)).toBe('Foto 3 de 5');
    expect(within(carousel).getByText('3 / 5')).toBeTruthy();
  });

  it('does not let the click that ends a swipe reach the card around it', async () => {
    const opened = vi.fn();
    await renderInApp(
      <div onClick={opened}>
        <PhotoCarousel ids={ids} title="Honda Civic" variant="compact" />
      </div>,
    );
    const photo = screen.getByRole('img', { name: 'Honda Civic, foto 1 de 5' });
    swipe(photo, 300, 200);
    fireEvent.click(photo);
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(photo);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('has no arrows for a single photo (only the lightbox button), and shows the placeholder when there is none', async () => {
    const { rerender } = await renderInApp(<PhotoCarousel ids={['p1']} title="Suzuki Swift" />);
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Ampliar fotos']);
    expect(screen.queryByText('1 / 1')).toBeNull();

    rerender(<PhotoCarousel ids={[]} title="Suzuki Swift" />);
    expect(screen.getByRole('img', { name: 'Suzuki Swift (foto no disponible)' }).tagName.toLowerCase()).toBe('svg');
  });
});
