import type { ReactNode } from 'react';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';

const TOUCH = 40;

/**
 * The administration screens and the account pages are used on tablets as much as at a desk:
 * every button, toggle, tab and switch is at least 40 px tall so it can be hit by a finger,
 * dialogs (rendered in a portal, still under this theme) included.
 */
function touchTheme(outer: Theme): Theme {
  return createTheme(outer, {
    components: {
      MuiButton: { styleOverrides: { root: { minHeight: TOUCH } } },
      MuiToggleButton: { styleOverrides: { root: { minHeight: TOUCH } } },
      MuiIconButton: { styleOverrides: { root: { minWidth: TOUCH, minHeight: TOUCH } } },
      MuiTab: { styleOverrides: { root: { minHeight: 48 } } },
      // The rows-per-page select of a paged table.
      MuiTablePagination: { styleOverrides: { input: { minHeight: TOUCH } } },
      // MUI's switch is 38 px tall; 42 px with the thumb still centred on its track.
      MuiSwitch: {
        styleOverrides: {
          root: { width: 62, height: 42, padding: 14 },
          switchBase: { padding: 11 },
        },
      },
    },
  });
}

export function TouchTargets({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={touchTheme}>{children}</ThemeProvider>;
}
