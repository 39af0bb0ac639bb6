import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { PATHS } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { CustomerView } from '../../../features/customers';

const idOf = (value: string | undefined) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

/** /customer/:bocId/:storeId/:customerId: a customer's page; a conversation opens in the inbox. */
export default function CustomerScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const bocId = idOf(params.bocId);
  const storeId = idOf(params.storeId);
  const customerId = idOf(params.customerId);
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Customer" subtitle="Vehicles, conversations, repair orders and appointments in this store" />
      {bocId && storeId && customerId ? (
        <CustomerView
          key={`${storeId}:${customerId}`}
          bocId={bocId}
          storeId={storeId}
          customerId={customerId}
          onOpenConversation={(id) => navigate(`${PATHS.leadManager}?fsi=${id}`)}
        />
      ) : (
        <Alert severity="warning">This address does not name a customer.</Alert>
      )}
    </Stack>
  );
}
