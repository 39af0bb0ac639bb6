import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import { PATHS } from '@drivebay/shared';
import { StatusPage } from '../../components/status-page';
import { ResetPasswordForm, TouchTargets } from '../../features/admin';

/** /reset-password?token=…: the page an invitation or a password link opens. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Set your password · Drivebay</title>
      <TouchTargets>
      <StatusPage
        title="Set your password"
        actions={
          <Button component={RouterLink} to={PATHS.login}>
            Back to sign in
          </Button>
        }
      >
        <ResetPasswordForm token={params.get('token') ?? ''} />
      </StatusPage>
      </TouchTargets>
    </>
  );
}
