import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PATHS } from '@drivebay/shared';
import { ApiRequestError } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/session/storage';
import { DealRoomView, linkDealRoomSource } from '../../../features/deal-room';
import { TemplatesView, dealRoomTemplateSource } from '../../../features/templates';

function Unavailable({ error, onLogin }: { error: unknown; onLogin: () => void }) {
  const message = error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : 'This conversation could not be loaded.';
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{message}</Alert>
      <Button variant="outlined" onClick={onLogin} sx={{ alignSelf: 'flex-start' }}>
        Sign in to Drivebay
      </Button>
    </Stack>
  );
}

/**
 * /email/autoResponse?future_service_interaction_id=&userMasterId=&token=: the deal room opened
 * from an invitation link, without signing in. The link's user answers the customer; their
 * templates are read through the link (editing them needs the signed-in app). Logout leaves the
 * room and forgets the link in this tab.
 */
export default function PublicDealRoomRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const fsi = search.get('future_service_interaction_id') ?? search.get('futureServiceInteractionId') ?? '';
  const userMasterId = search.get('userMasterId') ?? '';
  const token = search.get('token') ?? '';
  const link = useMemo(
    () => ({ futureServiceInteractionId: Number(fsi), userMasterId: Number(userMasterId), token }),
    [fsi, userMasterId, token],
  );
  const source = useMemo(() => linkDealRoomSource(link), [link]);
  const templates = useMemo(() => dealRoomTemplateSource(link), [link]);

  const leave = () => {
    sessionStorage.removeItem(STORAGE_KEYS.queryString);
    navigate(PATHS.login, { replace: true });
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', bgcolor: 'background.default', p: { xs: 0, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
      <title>Deal room · Drivebay</title>
      <Box sx={{ width: '100%', maxWidth: 900 }}>
        <DealRoomView
          source={source}
          onLogout={leave}
          onUnavailable={(error) => <Unavailable error={error} onLogin={leave} />}
          templates={({ header, insert, close }) => (
            <TemplatesView
              source={templates}
              serviceType={header.serviceType ?? 'ALL'}
              defaultServiceType={header.serviceType}
              mergeValues={null}
              sampleLabel={null}
              onBack={close}
              addMe={{
                enabled: (row) => row.populatedBody !== undefined,
                hint: () => 'Put this template, filled in for this customer, into the message box',
                run: (row) => insert(row.populatedBody ?? ''),
              }}
            />
          )}
        />
      </Box>
    </Box>
  );
}
