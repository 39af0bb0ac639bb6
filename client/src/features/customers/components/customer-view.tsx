import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhoneDisplay } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { listFailureMessage } from '../../../lib/api-client';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getCustomerPage } from '../api';
import { AppointmentList, ConversationList, RepairOrderList, Section, VehicleList } from './customer-sections';

type CustomerViewProps = {
  bocId: number;
  storeId: number;
  customerId: number;
  /** Opens one of the customer's conversations. */
  onOpenConversation: (interactionId: number) => void;
};

/** A customer's page: who they are, their vehicles, and their conversations, repair orders and appointments in the store. */
export function CustomerView({ bocId, storeId, customerId, onOpenConversation }: CustomerViewProps) {
  const page = useRemoteData(`customer:${bocId}:${storeId}:${customerId}`, (signal) => getCustomerPage({ bocId, storeId, customerId }, signal));
  if (page.error) {
    return (
      <Alert severity="warning" action={<Button color="inherit" onClick={page.reload}>Try again</Button>}>
        {listFailureMessage(page.error)}
      </Alert>
    );
  }
  if (!page.data) return <PageSpinner label="Loading customer" />;
  const { customer, store } = page.data;
  const name = `${customer.firstName} ${customer.lastName}`.trim() || `Customer ${customer.custno}`;
  const newest = page.data.conversations[0];

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid="customer-page">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h2">
              {name}
            </Typography>
            <Typography color="text.secondary">
              {[formatPhoneDisplay(customer.cellular), customer.email, `Customer no. ${customer.custno}`, store.storeName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {customer.blockSms ? <Chip color="warning" label="Opted out of SMS" /> : null}
          {newest ? (
            <Button variant="contained" onClick={() => onOpenConversation(newest.id)}>
              Open latest conversation
            </Button>
          ) : null}
        </Stack>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Section title="Conversations" count={page.data.conversations.length} empty="No conversations with this customer in this store.">
          <ConversationList page={page.data} onOpen={onOpenConversation} />
        </Section>
        <Section title="Vehicles" count={page.data.vehicles.length} empty="No vehicles on record.">
          <VehicleList vehicles={page.data.vehicles} />
        </Section>
        <Section title="Appointments" count={page.data.appointments.length} empty="No appointments in this store.">
          <AppointmentList page={page.data} />
        </Section>
        <Section title="Repair orders" count={page.data.repairOrders.length} empty="No repair orders in this store.">
          <RepairOrderList page={page.data} />
        </Section>
      </Box>
    </Stack>
  );
}
