import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLogo } from './brand-logo';

type StatusPageProps = {
  /** A large code or word above the title, e.g. 404. */
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
};

/** The centred card used by the public pages: errors, access requests, the product page. */
export function StatusPage({ code, title, children, actions }: StatusPageProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2.5}>
          <BrandLogo />
          {code ? (
            <Typography sx={{ fontSize: 56, fontWeight: 700, lineHeight: 1, color: 'primary.main' }}>{code}</Typography>
          ) : null}
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
          {actions ? (
            <Stack direction="row" spacing={1.5} sx={{ pt: 1, flexWrap: 'wrap' }}>
              {actions}
            </Stack>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}
