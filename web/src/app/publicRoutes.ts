import { matchPath } from '../router/match';

/**
 * The public pages the server renders (spec screens a visitor and a search engine reach), each with
 * the module of its page (the chunk the HTML preloads, so hydration does not wait for it). Every
 * other route of the app is a signed-in, seller or admin screen the browser renders itself.
 */
export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; module: string }> = [
  { path: '/', module: 'src/pages/HomePage.tsx' },
  { path: '/searchingOpportunities', module: 'src/pages/search/SearchResultsPage.tsx' },
  { path: '/opportunity/:id', module: 'src/pages/catalogue/OpportunityPage.tsx' },
  { path: '/compare', module: 'src/pages/compare/ComparePage.tsx' },
  { path: '/sellerOpportunities/:sellerId', module: 'src/pages/catalogue/SellerOpportunitiesPage.tsx' },
  { path: '/sellerOpportunitiesView', module: 'src/pages/catalogue/SellerOpportunitiesPage.tsx' },
  { path: '/buyingUsedCardTips', module: 'src/pages/catalogue/TipsPage.tsx' },
  { path: '/sellingUsedCardTips', module: 'src/pages/catalogue/TipsPage.tsx' },
  { path: '/privacy', module: 'src/pages/PrivacyPage.tsx' },
  { path: '/contactUs', module: 'src/pages/ContactUsPage.tsx' },
];

/** The not-found page, rendered by the server for any path no route of the app knows. */
export const NOT_FOUND_MODULE = 'src/pages/NotFoundPage.tsx';

/** The public route a path is, if any. */
export function publicRoute(pathname: string): { path: string; module: string } | undefined {
  return PUBLIC_ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}
