import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import type { ReportExport } from '@drivebay/shared';
import { notify } from '../../../lib/notices';
import { downloadReport } from '../api/report-calls';

/** CSV and Excel buttons that download every row of the table shown (not only its page). */
export function ExportButtons({ request, disabled }: { request: Omit<ReportExport, 'format'>; disabled?: boolean }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      const name = await downloadReport({ ...request, format });
      notify({ severity: 'success', message: `Exported ${name}` });
    } catch (error) {
      notify({ severity: 'warning', message: error instanceof Error ? error.message : 'Server Error!' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="medium" variant="outlined" startIcon={<DownloadIcon />} disabled={disabled || busy !== null} onClick={() => void run('csv')}>
        CSV
      </Button>
      <Button size="medium" variant="outlined" startIcon={<DownloadIcon />} disabled={disabled || busy !== null} onClick={() => void run('xlsx')}>
        Excel
      </Button>
    </Stack>
  );
}
