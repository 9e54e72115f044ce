import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyInput } from '../../src/ssr/earlyInput';

// Decision 0137: what a visitor types into the server's HTML before React hydrates it.

/** A form of every kind of field, its state shown beside it; `changed` hears every change. */
function Form({ changed, initialSize = 's' }: { changed: (field: string) => void; initialSize?: string }) {
  const [text, setText] = useState('uno');
  const [note, setNote] = useState('');
  const [size, setSize] = useState(initialSize);
  const [fair, setFair] = useState(false);
  const [sure, setSure] = useState(true);
  const [kind, setKind] = useState('a');
  return (
    <form>
      <input
        aria-label="text"
        value={text}
        onChange={(event) => {
          changed('text');
          setText(event.currentTarget.value);
        }}
      />
      <textarea
        aria-label="note"
        value={note}
        onChange={(event) => {
          changed('note');
          setNote(event.currentTarget.value);
        }}
      />
      <select
        aria-label="size"
        value={size}
        onChange={(event) => {
          changed('size');
          setSize(event.currentTarget.value);
        }}
      >
        <option value="s">S</option>
        <option value="m">M</option>
      </select>
      <input
        type="checkbox"
        aria-label="fair"
        checked={fair}
        onChange={(event) => {
          changed('fair');
          setFair(event.currentTarget.checked);
        }}
      />
      <input
        type="checkbox"
        aria-label="sure"
        checked={sure}
        onChange={(event) => {
          changed('sure');
          setSure(event.currentTarget.checked);
        }}
      />
      {['a', 'b'].map((value) => (
        <input
          key={value}
          type="radio"
          name="kind"
          aria-label={`kind ${value}`}
          value={value}
          checked={kind === value}
          onChange={() => {
            changed('kind');
            setKind(value);
          }}
        />
      ))}
      <output data-testid="state">{JSON.stringify({ text, note, size, fair, sure, kind })}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The server's HTML of the form, in the document (not yet hydrated). */
function serverHtml(changed: (field: string) => void): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form changed={changed} />);
  document.body.append(container);
  return container;
}

const field = <T extends Element>(container: HTMLElement, label: string) => container.querySelector<T>(`[aria-label="${label}"]`)!;
const state = (container: HTMLElement) => JSON.parse(container.querySelector('output')!.textContent ?? '{}') as Record<string, unknown>;

describe('keepEarlyInput', () => {
  it('hands what was typed, chosen and ticked before hydration to the fields’ own handlers', async () => {
    const changed = vi.fn();
    const container = serverHtml(changed);
    // The visitor, before the scripts: every kind of field.
    field<HTMLInputElement>(container, 'text').value = 'dos';
    field<HTMLTextAreaElement>(container, 'note').value = 'sin choques';
    field<HTMLSelectElement>(container, 'size').value = 'm';
    field<HTMLInputElement>(container, 'fair').checked = true;
    field<HTMLInputElement>(container, 'sure').checked = false;
    field<HTMLInputElement>(container, 'kind b').checked = true;

    await act(async () => void (root = hydrateRoot(container, <Form changed={changed} />)));
    // Hydrated: the screen shows the visitor's values, the state does not (what this mends).
    expect(field<HTMLInputElement>(container, 'text').value).toBe('dos');
    expect(state(container)).toEqual({ text: 'uno', note: '', size: 's', fair: false, sure: true, kind: 'a' });
    expect(changed).not.toHaveBeenCalled();

    act(() => keepEarlyInput(container));
    expect(state(container)).toEqual({ text: 'dos', note: 'sin choques', size: 'm', fair: true, sure: false, kind: 'b' });
    expect(changed.mock.calls.map(([name]) => name).sort()).toEqual(['fair', 'kind', 'note', 'size', 'sure', 'text']);
    // The screen still shows them, each once.
    expect(field<HTMLInputElement>(container, 'text').value).toBe('dos');
    expect(field<HTMLInputElement>(container, 'fair').checked).toBe(true);
    expect(field<HTMLInputElement>(container, 'sure').checked).toBe(false);
    expect(field<HTMLInputElement>(container, 'kind a').checked).toBe(false);
    expect(field<HTMLInputElement>(container, 'kind b').checked).toBe(true);
  });

  it('leaves untouched fields alone, and text typed in once live', async () => {
    const changed = vi.fn();
    const container = serverHtml(changed);
    await act(async () => void (root = hydrateRoot(container, <Form changed={changed} />)));
    act(() => keepEarlyInput(container));
    expect(changed).not.toHaveBeenCalled();

    // Typed once live: the handler hears it once, and a later pass does not repeat it.
    fireEvent.change(field(container, 'text'), { target: { value: 'tres' } });
    expect(changed).toHaveBeenCalledTimes(1);
    act(() => keepEarlyInput(container));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(state(container)).toMatchObject({ text: 'tres' });
  });

  it('leaves a form the browser rendered itself alone (a drawer, a page reached by a link)', async () => {
    const changed = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    // Its select starts on another option than the first, which React marks as no default.
    await act(async () => {
      root = createRoot(container);
      root.render(<Form changed={changed} initialSize="m" />);
    });
    act(() => keepEarlyInput(container));
    expect(changed).not.toHaveBeenCalled();
    expect(state(container)).toMatchObject({ size: 'm' });
  });
});
