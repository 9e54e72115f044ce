import { ApolloProvider } from '@apollo/client/react';
import { MantineProvider } from '@mantine/core';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { apolloClient } from './apollo';
import { routes } from './router/routes';
import { cssVariablesResolver, theme } from './theme';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ApolloProvider client={apolloClient}>
        <RouterProvider router={router} />
      </ApolloProvider>
    </MantineProvider>
  );
}
