import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../src';

describe('escapeHtml', () => {
  it('escapes what could end an element or an attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('Toyota Corolla ₡5 000 000 — ¡pura vida!')).toBe('Toyota Corolla ₡5 000 000 — ¡pura vida!');
  });
});
