import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotificationProvider } from '../components/notification-provider';
import { theme } from './theme';

/** The theme and the base styles: all a public page needs around it. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** The theme and the notices, as the app has them around its routes. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProviders>
      <NotificationProvider>{children}</NotificationProvider>
    </ThemeProviders>
  );
}
