import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Store } from '@drivebay/shared';
import { listFailureMessage, notifyListFailure } from '../../../lib/api-client';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getEnterprises } from '../api';
import { EnterpriseSection } from './enterprise-section';

type CompanyDirectoryProps = {
  /** Show only this enterprise (the `?enterprise=ID` of the address). */
  enterpriseId: number | null;
  selectedStoreId: number | null;
  onOpenStore: (store: Store) => void;
};

/** Enterprises the user can see, each opening onto its BOCs and stores. */
export function CompanyDirectory({ enterpriseId, selectedStoreId, onOpenStore }: CompanyDirectoryProps) {
  const enterprises = useRemoteData('directory:enterprises', (signal) => getEnterprises(signal));

  useEffect(() => {
    if (enterprises.error) notifyListFailure(enterprises.error);
  }, [enterprises.error]);

  if (enterprises.loading) return <LinearProgress aria-label="Loading enterprises" />;
  if (enterprises.error) return <Alert severity="warning">{listFailureMessage(enterprises.error)}</Alert>;

  const shown = (enterprises.data ?? []).filter((e) => enterpriseId === null || e.id === enterpriseId);
  if (shown.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">No records available</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={1.5}>
      {shown.map((enterprise) => (
        <EnterpriseSection
          key={enterprise.id}
          enterprise={enterprise}
          defaultExpanded={shown.length === 1}
          selectedStoreId={selectedStoreId}
          onOpenStore={onOpenStore}
        />
      ))}
    </Stack>
  );
}
