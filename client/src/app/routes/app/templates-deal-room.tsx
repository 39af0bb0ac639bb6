import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { canUseDealRoomOptions } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { useRemoteData } from '../../../lib/use-remote-data';
import { AiSwitch, AssistantOptions, getAssistantState } from '../../../features/assistant';
import { DealRoomView, signedInDealRoomSource, type DealRoomHeader, type OptionsSlot } from '../../../features/deal-room';
import { TemplatePicker } from './conversation-templates';
import { useLayoutContext } from './layout-context';

function Picker({ header, insert, close }: { header: DealRoomHeader; insert: (text: string) => void; close: () => void }) {
  return (
    <TemplatePicker
      interactionId={header.interactionId}
      companyId={header.companyId}
      storeId={header.storeId}
      serviceType={header.serviceType}
      customerName={header.customerName}
      insert={insert}
      close={close}
    />
  );
}

/**
 * The assistant's controls of the deal room (spec §2): the AI switch beside the customer's name and,
 * for users allowed them, the handoffs and the Date Time Dialogue in the options popover.
 */
function useAssistantControls(interactionId: number | null, roles: Parameters<typeof canUseDealRoomOptions>[0]) {
  const state = useRemoteData(interactionId ? `assistant:${interactionId}` : null, (signal) => getAssistantState(interactionId!, signal), { keepPrevious: true });
  const s = state.data;
  const reload = state.reload;
  const headerActions = s ? <AiSwitch interactionId={s.id} aiEnabled={s.aiEnabled} onChanged={reload} /> : null;
  const options: OptionsSlot | undefined =
    s && canUseDealRoomOptions(roles)
      ? ({ reloadHistory, latestCustomerText }) => (
          <AssistantOptions
            interactionId={s.id}
            dtDialogEnabled={s.dtDialogEnabled === true}
            manualBooking={s.manualBooking === true}
            latestCustomerText={latestCustomerText}
            onChanged={() => {
              reload();
              reloadHistory();
            }}
          />
        )
      : undefined;
  return { headerActions, options };
}

/**
 * The /leadmanager deal-room page a service-page link opens for a signed-in user
 * (/leadmanager?servicepage=…&future_service_interaction_id=…).
 */
export default function LeadManagerDealRoomScreen() {
  const [search] = useSearchParams();
  const { user } = useLayoutContext();
  const id = Number(search.get('future_service_interaction_id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const source = useMemo(() => (valid ? signedInDealRoomSource(id, user) : null), [valid, id, user]);
  const assistant = useAssistantControls(valid ? id : null, user.roles);
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <PageHeader title="Deal room" subtitle={search.get('servicepage') ? `From ${search.get('servicepage')}` : undefined} />
      {source ? (
        <DealRoomView source={source} templates={(ctx) => <Picker {...ctx} />} options={assistant.options} headerActions={assistant.headerActions} />
      ) : (
        <Alert severity="warning">This link does not name a conversation.</Alert>
      )}
    </Stack>
  );
}
