/**
 * What a visitor typed before the page went live (decision 0137).
 *
 * A server-rendered field takes typing at once, long before React hydrates it on a slow phone.
 * Hydration keeps the typed text on screen but not in the component's state, and no change event
 * tells the component: the page then computes with the rendered value (the financing calculator
 * showed a payment for a down payment nobody asked for), and the next render puts the rendered
 * value back over the visitor's. `keepEarlyInput` hands each such value to the field's own
 * handlers, as if it had been typed now, so the component's rules read it like any other typing.
 *
 * React notices a change by comparing with the value it last saw (a tracker on the element's own
 * `value` or `checked` property, set at hydration to what was on screen). So the tracker is first
 * given the rendered value through the element's own property, the visitor's value is put back
 * through the prototype's setter (which the tracker does not see), and the event React listens to
 * for that kind of field reaches its handler.
 *
 * Call it once, as the fields under `root` go live (the page going live, a later part's mount): a box
 * ticked or an option chosen once live looks the same as one chosen before (React keeps a field's
 * rendered default only for text), and would be handed over again.
 */
export function keepEarlyInput(root: ParentNode): void {
  // Every value is read before any is handed over: a handler's update re-renders the form, and
  // React then writes its state into the fields not handed over yet.
  const early: Array<() => void> = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.disabled || field.readOnly) continue;
    if (TYPED.has(field.type) && field.value !== field.defaultValue) early.push(replayText(field, field.value));
    else if (field instanceof HTMLInputElement && CHOSEN.has(field.type) && field.checked && !field.defaultChecked) early.push(replayChoice(field, true));
    // A box unticked before the page went live (a radio is unticked by ticking another).
    else if (field instanceof HTMLInputElement && field.type === 'checkbox' && !field.checked && field.defaultChecked) early.push(replayChoice(field, false));
  }
  for (const select of root.querySelectorAll('select')) {
    // The server marks the option it rendered chosen (`selected`); React marks none in a select the
    // browser rendered itself, whose choice is then no early one.
    const options = [...select.options];
    if (select.disabled || !options.some((option) => option.defaultSelected) || options.every((option) => option.selected === option.defaultSelected)) continue;
    const chosen = options.map((option) => option.selected);
    early.push(() => {
      for (const [index, option] of options.entries()) option.selected = chosen[index] ?? false;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  for (const replay of early) replay();
}

/** Fields whose value is text the visitor types. */
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', 'textarea']);
/** Fields the visitor ticks. */
const CHOSEN = new Set(['checkbox', 'radio']);

function replayText(field: HTMLInputElement | HTMLTextAreaElement, typed: string): () => void {
  return () => {
    field.value = field.defaultValue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

/** A box or radio: the other way as React sees it, then clicked to the visitor's choice, as they did. */
function replayChoice(field: HTMLInputElement, checked: boolean): () => void {
  return () => {
    field.checked = !checked;
    field.click();
  };
}
