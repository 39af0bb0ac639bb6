import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import { DayPicker } from '../../../components/day-picker';
import { ALL_ADVISORS, type ServiceAdvisor } from '@drivebay/shared';
import type { BoardStatus } from '../collab/board-connection';

type BoardToolbarProps = {
  advisors: ServiceAdvisor[];
  advisorNo: string;
  onAdvisor: (advisorNo: string) => void;
  /** YYYY-MM-DD in the store's zone. */
  day: string;
  onDay: (day: string) => void;
  status: BoardStatus;
};

const STATUS: Record<BoardStatus, { label: string; color: 'success' | 'default' | 'warning'; icon: React.ReactElement }> = {
  online: { label: 'Live', color: 'success', icon: <CloudDoneOutlinedIcon /> },
  syncing: { label: 'Syncing…', color: 'default', icon: <SyncIcon /> },
  connecting: { label: 'Connecting…', color: 'default', icon: <SyncIcon /> },
  offline: { label: 'Offline: moves are kept here and sent when back online', color: 'warning', icon: <CloudOffOutlinedIcon /> },
};

/** The board's filters (advisor, day) and whether it is live. */
export function BoardToolbar({ advisors, advisorNo, onAdvisor, day, onDay, status }: BoardToolbarProps) {
  const s = STATUS[status];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Advisor"
        value={advisorNo}
        onChange={(e) => onAdvisor(e.target.value)}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'advisor-filter' } }}
      >
        <MenuItem value={ALL_ADVISORS}>All advisors</MenuItem>
        {advisors.map((a) => (
          <MenuItem key={a.id} value={a.advisorNo}>
            {a.name} ({a.advisorNo})
          </MenuItem>
        ))}
      </TextField>
      <DayPicker value={day} onChange={onDay} />
      <Chip icon={s.icon} label={s.label} color={s.color} variant="outlined" data-testid="board-status" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
    </Stack>
  );
}
