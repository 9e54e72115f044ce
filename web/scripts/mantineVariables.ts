import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/styles/theme';

/** The stylesheet's module id (imported by `src/styles/ThemeProvider.tsx`). */
const ID = 'virtual:mantine-variables.css';
const RESOLVED = `\0${ID}`;
const STYLE = /<style data-mantine-styles="(?:true|classes)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The styles Mantine's provider writes into the page at every render (the theme's CSS variables and
 * the `hiddenFrom`/`visibleFrom` classes), computed once from the app's theme by rendering that
 * provider here, at build time (issue 12, fourth pass; decision 0132).
 */
export function mantineVariablesCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: 'light' }));
  const styles = [...html.matchAll(STYLE)].map(([, css]) => css!);
  if (styles.length !== 2) throw new Error(`expected Mantine's two style elements, found ${styles.length}`);
  return `${styles.join('\n')}\n`;
}

/**
 * `virtual:mantine-variables.css`: Mantine's theme variables as a stylesheet of the build, so that the
 * browser's bundle needs neither the code that computes them nor the provider that renders them.
 */
export function mantineVariables(): Plugin {
  return {
    name: 'ruedas-mantine-variables',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? mantineVariablesCss() : null),
  };
}
