import { useSearchParams } from 'react-router-dom';
import { PATHS } from '@drivebay/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { MailingListDetailsPanel } from '../../../features/mailing-lists';
import { useLayoutContext } from './layout-context';

/** /mailinglist/details?mailingListMasterId=: one list of the selected store. */
export default function MailingListDetailsScreen() {
  const [search] = useSearchParams();
  const { scope } = useLayoutContext();
  const store = scope.selectedStore;
  const listId = Number(search.get('mailingListMasterId'));
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Mailing list" subtitle={store ? store.storeName : undefined} />
      {!store ? (
        <Alert severity="info">Pick a store in the bar above.</Alert>
      ) : Number.isSafeInteger(listId) && listId > 0 ? (
        <MailingListDetailsPanel key={`${store.id}:${listId}`} tenantId={store.id} listId={listId} backPath={PATHS.mailingLists} />
      ) : (
        <Alert severity="warning">No list is named in the address.</Alert>
      )}
    </Stack>
  );
}
