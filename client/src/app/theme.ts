import { createTheme } from '@mui/material/styles';

/**
 * A calm, high-contrast look for long shifts at a service desk: deep blue for actions, neutral
 * surfaces, borders rather than heavy shadows. System fonts, so nothing is fetched at start.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b3d91', light: '#3a64b0', dark: '#072a66', contrastText: '#ffffff' },
    secondary: { main: '#0f7b8a', contrastText: '#ffffff' },
    background: { default: '#f4f6fa', paper: '#ffffff' },
    text: { primary: '#1a2233', secondary: '#55607a' },
    divider: '#e2e6ef',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 650 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0 },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    MuiPaper: {
      styleOverrides: { outlined: { borderColor: '#e2e6ef' } },
    },
    MuiTextField: {
      defaultProps: { size: 'small' },
    },
  },
});
