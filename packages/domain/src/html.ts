const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text put into HTML (an element's text or an attribute's value alike): everything that could end
 * an element or an attribute is escaped. The one helper of every page and mail written by hand.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
