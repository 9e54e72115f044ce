/**
 * Sharing an ad: the shared address is the media service's preview page, which carries the
 * Open Graph tags (title, cover photo) that Facebook and WhatsApp show (spec 01 §7).
 */
export function previewUrl(origin: string, adId: string): string {
  return `${origin}/preview/${encodeURIComponent(adId)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
}

/** WhatsApp's share link without a phone: the person picks the chat. */
export function whatsappShareUrl(title: string, url: string): string {
  return `https://wa.me/?${new URLSearchParams({ text: `${title} ${url}` })}`;
}
