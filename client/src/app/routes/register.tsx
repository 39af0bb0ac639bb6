import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PATHS } from '@drivebay/shared';
import { StatusPage } from '../../components/status-page';
import { VisitorsOnly } from './guards';
import { ForgotPasswordForm, RegisterForm, TouchTargets } from '../../features/admin';

/**
 * /register. A visitor asks for an account at their store; an administrator who manages that
 * store's users approves it (choosing the role) and the visitor gets an email to set a password.
 */
export function RegisterRoute() {
  return (
    <VisitorsOnly>
      <title>Request access · Drivebay</title>
      <TouchTargets>
      <StatusPage
        title="Request access"
        actions={
          <Button component={RouterLink} to={PATHS.login}>
            Back to sign in
          </Button>
        }
      >
        <Typography color="text.secondary">
          Drivebay accounts are tied to the stores and customers you may work with, so an administrator of your store
          approves each request.
        </Typography>
        <RegisterForm />
        <Typography variant="subtitle2" sx={{ pt: 1 }}>
          Already have an account but forgot the password?
        </Typography>
        <ForgotPasswordForm />
      </StatusPage>
      </TouchTargets>
    </VisitorsOnly>
  );
}
