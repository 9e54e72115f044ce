import type { RouteObject } from 'react-router';
import { Layout } from '../layout/Layout';
import { lazyPage } from './lazyPage';
import { RouteError } from './RouteError';

const HomePage = lazyPage(() => import('../pages/HomePage'));
const PrivacyPage = lazyPage(() => import('../pages/PrivacyPage'));
const ContactUsPage = lazyPage(() => import('../pages/ContactUsPage'));
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'));

/**
 * Every screen sits in the layout (header, page, footer). The pathless route between them
 * catches a page's load or render error, so the error shows inside the layout.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'contactUs', element: <ContactUsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
