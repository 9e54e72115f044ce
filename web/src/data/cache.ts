import { InMemoryCache } from '@apollo/client';

/**
 * The one Apollo cache configuration of the browser and the server. Objects without an id that
 * several fragments select in parts (a card's `priceRating { label }`, the detail's whole rating) are
 * merged field by field instead of replaced, so one query's write does not leave another's incomplete
 * (an incomplete query stays "loading", and the server would render a spinner).
 */
export const newCache = () =>
  new InMemoryCache({
    typePolicies: {
      PriceRating: { merge: true },
      PriceDrop: { merge: true },
    },
  });
