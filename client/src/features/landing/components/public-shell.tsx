import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandLogo } from '../../../components/brand-logo';

/** The frame of the public pages: the product mark, a heading and a card sized for a phone or a desk. */
export function PublicShell({ title, subtitle, maxWidth = 640, children }: { title: string; subtitle?: ReactNode; maxWidth?: number; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', display: 'flex', justifyContent: 'center', p: { xs: 0, sm: 3 } }}>
      <title>{`${title} · Drivebay`}</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 2.5, sm: 4 }, borderRadius: { xs: 0, sm: 2 }, alignSelf: 'flex-start' }}>
        <Stack spacing={2.5}>
          <BrandLogo />
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {subtitle}
              </Typography>
            ) : null}
          </Box>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
