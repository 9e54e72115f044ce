import { localStorageColorSchemeManager, MantineContext, MantineThemeProvider, useProviderColorScheme } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import 'virtual:mantine-variables.css';
import { theme } from './theme';

const manager = localStorageColorSchemeManager();
const getRootElement = () => document.documentElement;

/**
 * Mantine's provider without its two `<style>` elements: the theme's CSS variables and the breakpoint
 * classes are a stylesheet computed at build from the same theme (`scripts/mantineVariables.ts`), so
 * the code that computes them at every render is not in the first load (issue 12, fourth pass;
 * decision 0132). What stays is what Mantine's provider gives its components: the theme, the light
 * colour scheme and the context's defaults.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme: 'light',
    forceColorScheme: undefined,
    manager,
    getRootElement,
  });
  const value = useMemo(
    () => ({
      colorScheme,
      setColorScheme,
      clearColorScheme,
      getRootElement,
      classNamesPrefix: 'mantine',
      cssVariablesSelector: ':root',
      withStaticClasses: true,
      deduplicateInlineStyles: false,
    }),
    [colorScheme, setColorScheme, clearColorScheme],
  );
  return (
    <MantineContext value={value}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
