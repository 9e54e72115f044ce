/** The number of a Money answer (its amount is a decimal string, decision 0070), for formatting and sums. */
export const amountOf = (money: { amount: string }): number => Number(money.amount);

/**
 * An ad of the API with its asking price and transfer cost (Money) also as the numbers the web's own
 * components take (the publish form's values have them so): `price` and `transferPrice`.
 */
export function withPriceNumbers<T extends { askingPrice: { amount: string }; transferCost: { amount: string } }>(
  ad: T,
): T & { price: number; transferPrice: number } {
  return { ...ad, price: amountOf(ad.askingPrice), transferPrice: amountOf(ad.transferCost) };
}
