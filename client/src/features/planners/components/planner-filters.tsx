import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import SendIcon from '@mui/icons-material/Send';
import DownloadIcon from '@mui/icons-material/Download';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';

export type FilterValues = { plannerDate: string; minimumDays: string; maximumDays: string; custNo: string };

type Props = {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  onView: () => void;
  onTransfer: () => void;
  /** Hands the due list to people; absent for roles that may not hand conversations off. */
  onHandOff?: (() => void) | undefined;
  onAllTabs: () => void;
  onExport: () => void;
  busy: boolean;
  exporting: boolean;
  canExport: boolean;
};

/** The planner date and window, a customer filter, and the actions; large enough for touch. */
export function PlannerFilters({ values, onChange, onView, onTransfer, onHandOff, onAllTabs, onExport, busy, exporting, canExport }: Props) {
  const set = (k: keyof FilterValues) => (e: { target: { value: string } }) => onChange({ ...values, [k]: e.target.value });
  return (
    <Stack
      component="form"
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        onView();
      }}
    >
      <TextField label="Planner date" type="date" value={values.plannerDate} onChange={set('plannerDate')} required slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 170 }} />
      <TextField label="Minimum days" type="number" value={values.minimumDays} onChange={set('minimumDays')} sx={{ width: 130 }} helperText="before the date: negative" />
      <TextField label="Maximum days" type="number" value={values.maximumDays} onChange={set('maximumDays')} sx={{ width: 130 }} helperText=" " />
      <TextField label="Customer no." value={values.custNo} onChange={set('custNo')} sx={{ width: 160 }} helperText=" " />
      <Stack direction="row" useFlexGap sx={{ alignSelf: 'flex-start', pt: 0.5, gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="outlined" size="large" startIcon={<VisibilityIcon />} disabled={busy}>
          View
        </Button>
        <Button variant="contained" size="large" startIcon={<SendIcon />} onClick={onTransfer} disabled={busy}>
          Transfer
        </Button>
        {onHandOff ? (
          <Button variant="outlined" size="large" startIcon={<SupportAgentIcon />} onClick={onHandOff} disabled={busy}>
            Hand off
          </Button>
        ) : null}
        <Button variant="outlined" size="large" startIcon={<DynamicFeedIcon />} onClick={onAllTabs} disabled={busy}>
          All tabs
        </Button>
        <Button variant="text" size="large" startIcon={<DownloadIcon />} onClick={onExport} disabled={!canExport || exporting}>
          {exporting ? 'Exporting…' : 'CSV'}
        </Button>
      </Stack>
    </Stack>
  );
}
