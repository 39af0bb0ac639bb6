import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS } from '@drivebay/shared';
import { BrandLogo } from '../../components/brand-logo';
import { VisitorsOnly } from './guards';

const FEATURES = [
  {
    title: 'Shared live inbox',
    text: 'Advisors, managers and the office see the same conversations as they happen, so no customer waits twice.',
  },
  {
    title: 'AI assistant',
    text: 'Answers customers by text and email, books service appointments, and hands the conversation to a person when it should.',
  },
  {
    title: 'Service outreach',
    text: 'Finds customers and vehicles due for service and reaches them first, store by store, brand by brand.',
  },
  {
    title: 'Response times',
    text: 'Shows how long customers have been waiting across stores, so managers can step in before a lead goes cold.',
  },
];

/** /layout for visitors: what the product is, with the way in. */
export function ProductRoute() {
  return (
    <VisitorsOnly>
      <title>Drivebay · Customer engagement for dealerships</title>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <Container sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 1.5 }}>
            <BrandLogo />
            <Button component={RouterLink} to={PATHS.login} variant="contained">
              Sign in
            </Button>
          </Container>
        </Box>
        <Container component="main" sx={{ py: { xs: 6, md: 10 } }}>
          <Stack spacing={3} sx={{ maxWidth: 720, mb: 8 }}>
            <Typography variant="h3" component="h1" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
              Customer engagement for dealership service and sales teams
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
              Text and email your customers from one shared inbox, let an AI assistant book the appointments, and keep
              every store, BOC and enterprise in view.
            </Typography>
            <Stack direction="row" spacing={1.5}>
              <Button component={RouterLink} to={PATHS.login} variant="contained" size="large">
                Sign in
              </Button>
              <Button component={RouterLink} to={PATHS.register} variant="outlined" size="large">
                Request access
              </Button>
            </Stack>
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {FEATURES.map((feature) => (
              <Paper key={feature.title} variant="outlined" sx={{ p: 3 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {feature.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {feature.text}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Container>
      </Box>
    </VisitorsOnly>
  );
}
