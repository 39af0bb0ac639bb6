import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canAdmin, type AdminAction, type UserData } from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { adminApi } from '../api';
import { AssistantPanel } from './assistant-panel';
import { AuditPanel } from './audit-panel';
import { ChatPanel } from './chat-panel';
import { adminFailure } from './failure';
import { OrganisationPanel } from './organisation-panel';
import { TelephonyPanel } from './telephony-panel';
import { TouchTargets } from './touch-targets';
import { UsersPanel } from './users-panel';

const TABS: { id: string; label: string; action: AdminAction }[] = [
  { id: 'organisation', label: 'Organisation', action: 'ORG_VIEW' },
  { id: 'users', label: 'Users', action: 'USERS_VIEW' },
  { id: 'telephony', label: 'Telephony', action: 'TELEPHONY_MANAGE' },
  { id: 'chat', label: 'Chat settings', action: 'TELEPHONY_MANAGE' },
  { id: 'assistant', label: 'Assistant', action: 'ASSISTANT_CONFIGURE' },
  { id: 'audit', label: 'Audit log', action: 'AUDIT_VIEW' },
];

/** /admin: the tabs a user's roles allow, over one enterprise of their scope. */
export function AdminConsole({ user }: { user: UserData }) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => canAdmin(user.roles, t.action));
  const tab = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  const [version, setVersion] = useState(0);
  const enterprises = useRemoteData(`admin-enterprises:${version}`, (s) => adminApi.enterprises(s), { keepPrevious: true });
  const [picked, setPicked] = useState<number | null>(null);
  const enterprise = enterprises.data?.find((e) => e.id === picked) ?? enterprises.data?.find((e) => e.id === user.enterprise.id) ?? enterprises.data?.[0] ?? null;

  if (!tab) return <Alert severity="info">Your role has no administrative tasks.</Alert>;
  return (
    <TouchTargets>
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0, borderBottom: 1, borderColor: 'divider' }}>
          <Tabs value={tab.id} onChange={(_, id: string) => setParams({ tab: id })} variant="scrollable" scrollButtons="auto" aria-label="Administration">
            {tabs.map((t) => (
              <Tab key={t.id} value={t.id} label={t.label} sx={{ minHeight: 48 }} />
            ))}
          </Tabs>
        </Box>
        {(enterprises.data?.length ?? 0) > 1 ? (
          <TextField select size="small" label="Enterprise" value={enterprise?.id ?? ''} onChange={(e) => setPicked(Number(e.target.value))} sx={{ minWidth: 220 }}>
            {enterprises.data!.map((e) => (
              <MenuItem key={e.id} value={e.id}>
                {e.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      {enterprises.error ? <Alert severity="warning">{adminFailure(enterprises.error)}</Alert> : null}
      {!enterprise ? (
        <Typography color="text.secondary">{enterprises.loading ? 'Loading…' : 'No enterprise in your scope.'}</Typography>
      ) : tab.id === 'organisation' ? (
        <OrganisationPanel enterprise={enterprise} roles={user.roles} onChanged={() => setVersion((v) => v + 1)} />
      ) : tab.id === 'users' ? (
        <UsersPanel key={enterprise.id} enterpriseId={enterprise.id} myRoles={user.roles} myUserId={user.userMasterId} />
      ) : tab.id === 'telephony' ? (
        <TelephonyPanel key={enterprise.id} enterpriseId={enterprise.id} />
      ) : tab.id === 'chat' ? (
        <ChatPanel key={enterprise.id} enterpriseId={enterprise.id} />
      ) : tab.id === 'assistant' ? (
        <AssistantPanel key={enterprise.id} enterpriseId={enterprise.id} roles={user.roles} />
      ) : (
        <AuditPanel key={enterprise.id} enterpriseId={enterprise.id} />
      )}
    </Stack>
    </TouchTargets>
  );
}
