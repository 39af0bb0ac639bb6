import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import {
  canSeeMessage,
  responseDelayStyle,
  responseTimeBadge,
  statusIcon,
  truncateText,
  type Role,
  type StatusIconName,
} from '@drivebay/shared';
import type { InboxRow as Row } from '@drivebay/shared/docs';
import { formatInTimeZone, todayInTimeZone } from '../../../lib/dates';
import { htmlToPlainText } from '../../../lib/html-text';
import { rowCustomerName, rowVehicle, serviceTypeLabel, waitingSeconds } from '../inbox-rows';
import { RowPresenceBadges, type RowPresence } from './row-presence';

/** Height of one row; fixed so the virtual list can place 10,000 rows without measuring them. */
export const ROW_HEIGHT_PX = 92;

export const DELAY_COLOURS = {
  'three-minutes-delay': { bar: '#f59e0b', bg: '#fff8e6' },
  'five-minutes-delay': { bar: '#dc2626', bg: '#fdecec' },
} as const;

const STATUS_ICONS: Record<StatusIconName, typeof DoneIcon> = {
  ban: BlockIcon,
  cross: CloseIcon,
  'double-tick': DoneAllIcon,
  'single-tick': DoneIcon,
  question: HelpOutlineIcon,
};

type InboxRowProps = {
  row: Row;
  index: number;
  count: number;
  selected: boolean;
  /** The open conversation is being read: its unread badge is not shown while the server catches up. */
  open: boolean;
  roles: readonly Role[];
  now: number;
  timeZone: string | null;
  storeName: string | null;
  showBadges: boolean;
  /** Colleagues with this conversation open; null when nobody else is on it. */
  presence: RowPresence | null;
  onSelect: (row: Row) => void;
};

function shortTime(iso: string, zone: string | null, now: number): string {
  const day = formatInTimeZone(iso, zone, 'YYYY-MM-DD');
  const today = todayInTimeZone(zone, new Date(now));
  return formatInTimeZone(iso, zone, day === today ? 'hh:mm A' : 'MM/DD/YY');
}

/** One conversation of the inbox list. */
export const InboxRowView = memo(function InboxRowView(props: InboxRowProps) {
  const { row, index, count, selected, open, roles, now, timeZone, storeName, showBadges, presence, onSelect } = props;
  const latest = row.latestMessage;
  const delay = responseDelayStyle(latest, new Date(now));
  const colours = delay ? DELAY_COLOURS[delay] : null;
  const status = latest ? statusIcon({ direction: latest.direction, messageStatus: latest.messageStatus }) : null;
  const StatusGlyph = status?.icon ? STATUS_ICONS[status.icon] : null;
  const hidden = latest !== null && !canSeeMessage(roles, latest);
  const waited = showBadges ? waitingSeconds(row, now) : null;
  const unread = open ? 0 : row.totalUnreadCount;
  const name = rowCustomerName(row);

  return (
    <ButtonBase
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      aria-setsize={count}
      data-interaction-id={row.interactionId}
      className={delay ?? undefined}
      onClick={() => onSelect(row)}
      sx={{
        width: '100%',
        height: ROW_HEIGHT_PX,
        display: 'flex',
        alignItems: 'stretch',
        textAlign: 'left',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'rgba(11, 61, 145, 0.08)' : (colours?.bg ?? 'background.paper'),
        '&:hover': { bgcolor: selected ? 'rgba(11, 61, 145, 0.12)' : 'action.hover' },
      }}
    >
      <Box sx={{ width: 4, flexShrink: 0, bgcolor: colours?.bar ?? (selected ? 'primary.main' : 'transparent') }} />
      <Stack sx={{ flex: 1, minWidth: 0, px: 1.5, py: 1, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: unread > 0 ? 700 : 600 }}>
            {name}
          </Typography>
          {presence ? <RowPresenceBadges presence={presence} /> : null}
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {latest ? shortTime(latest.createdOn, timeZone, now) : ''}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {[storeName, rowVehicle(row), serviceTypeLabel(row.serviceType)].filter(Boolean).join(' · ')}
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
          {StatusGlyph && status ? (
            <Box component="span" title={status.title} data-status={status.icon} sx={{ display: 'inline-flex', color: status.icon === 'double-tick' ? 'primary.main' : status.icon === 'cross' || status.icon === 'ban' ? 'error.main' : 'text.secondary' }}>
              <StatusGlyph sx={{ fontSize: 15 }} />
            </Box>
          ) : null}
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, fontStyle: hidden ? 'italic' : 'normal', color: unread > 0 ? 'text.primary' : 'text.secondary' }}>
            {latest ? (hidden ? 'Internal note' : truncateText(htmlToPlainText(latest.content))) : 'No messages yet'}
          </Typography>
          {waited !== null ? <Chip size="small" variant="outlined" label={responseTimeBadge(waited)} sx={{ height: 20, fontSize: 11 }} /> : null}
          <Chip
            size="small"
            label={row.aiEnabled ? 'AI on' : 'AI off'}
            color={row.aiEnabled ? 'secondary' : 'default'}
            variant={row.aiEnabled ? 'filled' : 'outlined'}
            sx={{ height: 20, fontSize: 11 }}
          />
          {unread > 0 ? (
            <Box
              component="span"
              aria-label={`${unread} unread`}
              data-unread={unread}
              sx={{ minWidth: 20, height: 20, px: 0.75, borderRadius: 10, bgcolor: 'error.main', color: '#fff', fontSize: 12, fontWeight: 700, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
            >
              {unread}
            </Box>
          ) : null}
        </Stack>
      </Stack>
    </ButtonBase>
  );
});
