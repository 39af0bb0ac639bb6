import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import type { ReportTemplate, ReportTemplateFilter } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getReportTemplates, saveReportTemplate } from '../api/report-calls';
import type { ReportFilterState } from './report-filters';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Days in a filter's range, both ends included. */
export function rangeDaysOf(f: Pick<ReportFilterState, 'startDate' | 'endDate'>): number {
  return Math.round((Date.parse(f.endDate) - Date.parse(f.startDate)) / DAY) + 1;
}

/** A template applied to the filter bar: its BOCs, stores and service types, and its rolling range ending today (UTC). */
export function applyTemplate(current: ReportFilterState, filter: ReportTemplateFilter, now = new Date()): ReportFilterState {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return {
    bocIds: filter.bocIds ?? [],
    storeIds: filter.storeIds ?? [],
    serviceTypes: filter.serviceTypes ?? [],
    ...(filter.rangeDays
      ? { startDate: isoDay(new Date(today.getTime() - (filter.rangeDays - 1) * DAY)), endDate: isoDay(today) }
      : { startDate: current.startDate, endDate: current.endDate }),
  };
}

type Props = {
  enterpriseId: number;
  reportKey: string;
  filter: ReportFilterState;
  onApply: (template: ReportTemplate) => void;
};

/** The enterprise's saved report filters: pick one to open its report with its filters, or save the current ones. */
export function ReportTemplates({ enterpriseId, reportKey, filter, onApply }: Props) {
  const templates = useRemoteData(`report-templates-${enterpriseId}`, (s) => getReportTemplates(enterpriseId, s));
  const [chosen, setChosen] = useState<number | ''>('');
  const [dialog, setDialog] = useState<{ name: string; rolling: boolean; id: number | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const list = templates.data ?? [];
  const current = list.find((t) => t.id === chosen);

  const save = async () => {
    if (!dialog) return;
    setSaving(true);
    const body = {
      name: dialog.name,
      reportKey: reportKey as ReportTemplate['reportKey'],
      filter: {
        bocIds: filter.bocIds,
        storeIds: filter.storeIds,
        ...(filter.serviceTypes.length ? { serviceTypes: filter.serviceTypes as ReportTemplateFilter['serviceTypes'] } : {}),
        ...(dialog.rolling ? { rangeDays: rangeDaysOf(filter) } : {}),
      },
    };
    try {
      const saved = await saveReportTemplate(enterpriseId, dialog.id === null ? body : { ...body, id: dialog.id });
      notify({ severity: 'success', message: `Template “${saved.name}” saved` });
      setDialog(null);
      setChosen(saved.id);
      templates.reload();
    } catch (error) {
      notify({ severity: 'warning', message: error instanceof Error ? error.message : 'Server Error!' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Template"
        value={chosen}
        onChange={(e) => {
          const t = list.find((x) => x.id === Number(e.target.value));
          if (!t) return;
          setChosen(t.id);
          onApply(t);
        }}
        helperText={templates.error ? 'Templates could not be loaded' : list.length === 0 && !templates.loading ? 'No templates saved yet' : ' '}
        sx={{ minWidth: 240 }}
      >
        {list.length === 0 ? (
          <MenuItem value="" disabled>
            No templates saved yet
          </MenuItem>
        ) : null}
        {list.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" startIcon={<BookmarkAddIcon />} onClick={() => setDialog({ name: '', rolling: true, id: null })} sx={{ minHeight: 44, mb: 2.5 }}>
        Save as template
      </Button>
      {current ? (
        <Button variant="text" onClick={() => setDialog({ name: current.name, rolling: current.filter.rangeDays !== undefined, id: current.id })} sx={{ minHeight: 44, mb: 2.5 }}>
          Update “{current.name}”
        </Button>
      ) : null}
      <Dialog open={dialog !== null} onClose={() => setDialog(null)} fullWidth maxWidth="xs">
        <DialogTitle>{dialog?.id ? 'Update the template' : 'Save the filters as a template'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Template name"
            value={dialog?.name ?? ''}
            onChange={(e) => setDialog((d) => (d ? { ...d, name: e.target.value } : d))}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={dialog?.rolling ?? false} onChange={(e) => setDialog((d) => (d ? { ...d, rolling: e.target.checked } : d))} />}
            label={`Keep a rolling range of the last ${rangeDaysOf(filter)} days`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving || !dialog?.name.trim()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
