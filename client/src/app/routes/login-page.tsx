import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS, type UserData } from '@drivebay/shared';
import { BrandLogo } from '../../components/brand-logo';
import { LoginForm } from '../../features/auth';
import { signIn } from '../../lib/session/session-store';
import { preloadSignedInApp, warmUpAfterSignIn } from './app/screens';

function signInAndWarmUp(user: UserData) {
  signIn(user);
  warmUpAfterSignIn(user);
}

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

/** A link of the page: a plain link, or a move within the app when the page is shown inside it. */
function PageLink({ to, onNavigate, children }: { to: string; onNavigate?: (to: string) => void; children: string }) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <Link href={to} onClick={click}>
      {children}
    </Link>
  );
}

/**
 * /login, for a visitor. It needs no router: opened from its address it is a page of its own
 * (main.tsx), without the signed-in app's code; inside the app (after a sign-out, or a link behind
 * the login) the app's route passes `onNavigate` so its links move within the app.
 */
export function LoginPage({ onNavigate }: { onNavigate?: (to: string) => void }) {
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
            <LoginForm onSignedIn={signInAndWarmUp} onStart={preloadSignedInApp} />
            <Typography variant="body2" color="text.secondary">
              No account yet?{' '}
              <PageLink to={PATHS.register} onNavigate={onNavigate}>
                Request access
              </PageLink>
              {' · '}
              <PageLink to={PATHS.layout} onNavigate={onNavigate}>
                About Drivebay
              </PageLink>
            </Typography>
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
