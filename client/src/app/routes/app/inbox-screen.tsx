import { memo, useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { showsResponseTimeBadges, type UserData } from '@drivebay/shared';
import { ConversationView } from '../../../features/conversations';
import { InboxPane, rowLiveKey, useInboxes, type StoreOption } from '../../../features/inbox';
import { conversationAssistant } from './conversation-assistant';
import { conversationTemplates } from './conversation-templates';

/** The query parameter naming the open conversation. */
export const OPEN_PARAM = 'fsi';
// A deal-room link names the conversation this way (spec §2); it opens the same pane.
const DEAL_ROOM_PARAM = 'future_service_interaction_id';

function idParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

// Narrower on a laptop so the conversation beside it keeps room for its header controls.
const LIST_WIDTH = { md: 320, lg: 400 };

type InboxScreenProps = {
  user: UserData;
  stores: readonly StoreOption[];
  mode: 'inbox' | 'waiting';
};

/**
 * Where the inbox and the conversation meet: the live list of the stores on the left, the open
 * conversation (named in the address, `?fsi=ID`) on the right. On a narrow screen they take turns.
 */
export const InboxScreen = memo(function InboxScreen({ user, stores, mode }: InboxScreenProps) {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const storeIds = useMemo(() => stores.map((s) => s.id), [stores]);
  const snapshots = useInboxes(storeIds);
  const selectedId = idParam(params.get(OPEN_PARAM)) ?? idParam(params.get(DEAL_ROOM_PARAM));
  const showBadges = showsResponseTimeBadges(user.roles, pathname);

  const liveKey = useMemo(() => {
    if (selectedId === null) return null;
    for (const snapshot of snapshots) {
      const row = snapshot.rows.find((r) => r.interactionId === selectedId);
      if (row) return rowLiveKey(row);
    }
    return null;
  }, [snapshots, selectedId]);

  const select = useCallback(
    (interactionId: number | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(DEAL_ROOM_PARAM);
        if (interactionId === null) next.delete(OPEN_PARAM);
        else next.set(OPEN_PARAM, String(interactionId));
        return next;
      }),
    [setParams],
  );

  const list = (
    <InboxPane
      snapshots={snapshots}
      stores={stores}
      mode={mode}
      roles={user.roles}
      showBadges={showBadges}
      selectedId={selectedId}
      onSelect={select}
    />
  );
  const conversation =
    selectedId === null ? (
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary', p: 3 }}>
        <ForumOutlinedIcon sx={{ fontSize: 48 }} color="disabled" />
        <Typography>Choose a conversation on the left to read and answer it.</Typography>
      </Box>
    ) : (
      <ConversationView
        key={selectedId}
        interactionId={selectedId}
        user={user}
        liveKey={liveKey}
        showBadges={showBadges}
        assistant={conversationAssistant}
        templates={conversationTemplates}
        onBack={wide ? undefined : () => select(null)}
      />
    );

  return (
    // The pane takes the height the screen has left and no more, so the conversation's header and
    // composer stay on screen and only the thread (and the list) scroll. The floor keeps a usable
    // pane on a very short window, where the screen area scrolls instead.
    <Paper variant="outlined" sx={{ flex: 1, minHeight: 360, display: 'flex', overflow: 'hidden' }}>
      {wide || selectedId === null ? (
        <Box sx={{ width: wide ? LIST_WIDTH : '100%', flexShrink: 0, borderRight: wide ? 1 : 0, borderColor: 'divider', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          {list}
        </Box>
      ) : null}
      {wide || selectedId !== null ? (
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}>{conversation}</Box>
      ) : null}
    </Paper>
  );
});
