import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { canManageDataSync } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getDataSourceHealth } from '../api';

/**
 * A banner over every screen of a manager whose stores have a lagging or failing dealer-system
 * feed: a feed that goes quiet must be seen, not only logged.
 */
export function DataSourceHealthBanner({ enterpriseId, roles, dataSyncPath }: { enterpriseId: number; roles: readonly string[]; dataSyncPath: string }) {
  const manager = canManageDataSync(roles);
  const health = useRemoteData(manager ? `ds-health:${enterpriseId}` : null, (signal) => getDataSourceHealth(enterpriseId, signal));
  const problems = health.data?.problems ?? [];
  if (!problems.length) return null;
  const failing = problems.some((p) => p.kind === 'FAILING');
  return (
    <Alert
      severity={failing ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      action={
        <Button component={RouterLink} to={dataSyncPath} color="inherit" size="small">
          Open data sync
        </Button>
      }
    >
      <AlertTitle>{failing ? 'A dealer-system feed is failing' : 'A dealer-system feed has gone quiet'}</AlertTitle>
      {problems.slice(0, 3).map((p) => (
        <div key={p.dataSourceId}>{p.message}</div>
      ))}
      {problems.length > 3 ? <div>and {problems.length - 3} more</div> : null}
    </Alert>
  );
}
