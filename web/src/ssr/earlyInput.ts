/**
 * What a visitor typed before the page went live (decision 0137).
 *
 * A server-rendered field takes typing at once, long before React hydrates it on a slow phone.
 * Hydration keeps the typed text on screen but not in the component's state, and no change event
 * tells the component: the page then computes with the rendered value (the financing calculator
 * showed a payment for a down payment nobody asked for), and the next render puts the rendered
 * value back over the visitor's. `keepEarlyInput` hands each such value to the field's own
 * handlers, as if it had been typed now, so the component's rules read it like any other typing.
 */
export function keepEarlyInput(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (!TYPED.has(field.type) || field.disabled || field.readOnly || field.value === field.defaultValue) continue;
    const typed = field.value;
    // React notices a change by comparing with the value it last saw (a tracker on the element's
    // own `value` property): that one is set to the rendered value, the prototype's setter then puts
    // the visitor's text back without telling it, and the input event reaches the field's handler.
    field.value = field.defaultValue;
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  for (const select of root.querySelectorAll('select')) {
    if (select.disabled || [...select.options].every((option) => option.selected === option.defaultSelected)) continue;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/** Fields whose value is text the visitor types (checkboxes, radios and buttons are left alone). */
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', 'textarea']);
