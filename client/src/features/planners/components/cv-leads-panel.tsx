import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { type GridColDef } from '@mui/x-data-grid';
import { PLANNER_TEXT, type CvLeadBatch } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { PagedGrid } from './paged-grid';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getCvLeadBatches, importCvLeadFile, runCvLeadBatch } from '../api';

const SIZE = 10;

/** Customer-vehicle lead batches: upload a CSV file, see what matched, transfer a batch. */
export function CvLeadsPanel({ storeId }: { storeId: number }) {
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | 'upload' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const batches = useRemoteData(`cv:${storeId}:${page}:${version}`, (signal) => getCvLeadBatches(storeId, page, SIZE, signal), { keepPrevious: true });

  const upload = async (file: File) => {
    setBusy('upload');
    try {
      const b = await importCvLeadFile(storeId, file);
      notify({ severity: 'success', message: `${b.rowCount} leads imported, ${b.matched} matched${b.rejected.length ? `, ${b.rejected.length} rows not taken` : ''}` });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'warning', message: listFailureMessage(error) });
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  const transfer = async (batch: CvLeadBatch) => {
    setBusy(batch.id);
    try {
      const r = await runCvLeadBatch(storeId, batch.id, true);
      notify(r.transferred > 0 ? { severity: 'success', message: PLANNER_TEXT.transferred } : { severity: 'warning', message: PLANNER_TEXT.noRecords });
      setVersion((v) => v + 1);
    } catch (error) {
      notify({ severity: 'warning', message: listFailureMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const columns: GridColDef<CvLeadBatch>[] = [
    { field: 'name', headerName: 'Batch', minWidth: 150, flex: 1 },
    { field: 'createdOn', headerName: 'Imported', width: 150, valueFormatter: (v: string) => new Date(v).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) },
    { field: 'rowCount', headerName: 'Leads', width: 80, type: 'number' },
    { field: 'matched', headerName: 'Matched', width: 90, type: 'number' },
    { field: 'rejected', headerName: 'Not taken', width: 95, type: 'number', valueGetter: (_v, r) => r.rejected.length },
    { field: 'transferred', headerName: 'Transferred', width: 105, type: 'number' },
    {
      field: 'actions',
      headerName: '',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" variant="outlined" disabled={busy !== null || row.transferred >= row.matched} onClick={() => void transfer(row)} aria-label={`Transfer ${row.name}`}>
          Transfer
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Customer-vehicle leads
        </Typography>
        <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label="Lead file" onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
        <Button variant="outlined" size="large" startIcon={<UploadFileIcon />} disabled={busy !== null} onClick={() => input.current?.click()}>
          {busy === 'upload' ? 'Importing…' : 'Import CSV'}
        </Button>
        <Typography variant="body2" color="text.secondary">
          Columns: first name, last name, mobile, VIN, make, model, year, mileage
        </Typography>
      </Stack>
      <PagedGrid label="Customer-vehicle lead batches" columns={columns} data={batches} page={page} pageSize={SIZE} onPage={setPage} emptyText="No lead batches yet" height={360} />
    </Stack>
  );
}
