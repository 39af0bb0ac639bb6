import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS } from '@drivebay/shared';
import { BrandLogo } from '../../components/brand-logo';
import { LoginForm } from '../../features/auth';
import { signIn } from '../../lib/session/session-store';
import { preloadSignedInApp } from './app/screens';
import { VisitorsOnly } from './guards';

const HIGHLIGHTS = [
  'One shared inbox for every text and email with your customers',
  'An AI assistant that answers, books appointments and hands off to your team',
  'Service reminders that reach customers before they go elsewhere',
];

function Pitch() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'flex' },
        flex: 1,
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: 6,
        color: 'primary.contrastText',
        background: 'linear-gradient(155deg, #0b3d91 0%, #072a66 60%, #051d47 100%)',
      }}
    >
      <BrandLogo size="large" color="inherit" />
      <Stack spacing={3} sx={{ maxWidth: 460 }}>
        <Typography variant="h4" component="p" sx={{ color: 'inherit' }}>
          Every customer conversation, one place.
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ m: 0, pl: 2.5 }}>
          {HIGHLIGHTS.map((text) => (
            <Typography component="li" key={text} sx={{ color: 'inherit', opacity: 0.9 }}>
              {text}
            </Typography>
          ))}
        </Stack>
      </Stack>
      <Typography variant="caption" sx={{ opacity: 0.7, color: 'inherit' }}>
        Customer engagement for dealership service and sales teams
      </Typography>
    </Box>
  );
}

function LoginPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <title>Sign in · Drivebay</title>
      <Pitch />
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 } }}>
          <Stack spacing={3}>
            <Box sx={{ display: { md: 'none' } }}>
              <BrandLogo />
            </Box>
            <Box>
              <Typography variant="h5" component="h1">
                Sign in
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Use the account your dealership administrator created for you.
              </Typography>
            </Box>
            <LoginForm onSignedIn={signIn} onStart={preloadSignedInApp} />
            <Typography variant="body2" color="text.secondary">
              No account yet?{' '}
              <Link component={RouterLink} to={PATHS.register}>
                Request access
              </Link>
              {' · '}
              <Link component={RouterLink} to={PATHS.layout}>
                About Drivebay
              </Link>
            </Typography>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}

/** /login. Signing in updates the session; the guard then sends the user where they belong. */
export function LoginRoute() {
  return (
    <VisitorsOnly>
      <LoginPage />
    </VisitorsOnly>
  );
}
