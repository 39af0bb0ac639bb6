import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS } from '@drivebay/shared';
import { StatusPage } from '../../components/status-page';
import { VisitorsOnly } from './guards';

const STEPS = [
  'Ask your dealership’s Drivebay administrator — usually the service manager, the general manager or your group’s enterprise administrator.',
  'Tell them your full name, your work email address, and the dealership and store you work at.',
  'They create your account with the right role and store, and give you your username. Then sign in.',
];

/**
 * /register. Accounts are created by a dealership administrator, with a role and a store scope
 * only they can choose, so this page explains how to get one instead of taking a self-sign-up.
 */
export function RegisterRoute() {
  return (
    <VisitorsOnly>
      <title>Request access · Drivebay</title>
      <StatusPage
        title="Request access"
        actions={
          <Button component={RouterLink} to={PATHS.login} variant="contained">
            Back to sign in
          </Button>
        }
      >
        <Typography color="text.secondary">
          Drivebay accounts are set up by your dealership, not by sign-up, because each account is tied to the
          stores and customers you are allowed to work with.
        </Typography>
        <Stack component="ol" spacing={1.25} sx={{ m: 0, pl: 2.5 }}>
          {STEPS.map((step) => (
            <Typography component="li" key={step} variant="body2">
              {step}
            </Typography>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Already have an account but cannot sign in? Your administrator can reset your password or unblock your
          account.
        </Typography>
      </StatusPage>
    </VisitorsOnly>
  );
}
