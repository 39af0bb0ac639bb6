import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATHS } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { MailingListsPanel } from '../../../features/mailing-lists';
import { useLayoutContext } from './layout-context';

/** /mailinglist: the selected store's mailing lists. */
export default function MailingListsScreen() {
  const { scope } = useLayoutContext();
  const store = scope.selectedStore;
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Mailing lists" subtitle={store ? store.storeName : undefined} />
      {store ? (
        <MailingListsPanel key={store.id} tenantId={store.id} detailsPath={PATHS.mailingListDetails} timeZone={store.officeMasterVO.officeTimeZone} />
      ) : (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">Pick a store in the bar above to see its mailing lists.</Typography>
        </Paper>
      )}
    </Stack>
  );
}
