import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  FILE_TYPE_LABELS,
  IMPORT_FILE_TYPES,
  type ColumnMapping,
  type FileReportDetail,
  type ImportField,
  type ImportFileType,
  type ImportPreview,
} from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getRecallTypes, importFile, listDataSources, previewFile, saveMapping } from '../api';
import { ReportSummary } from './report-summary';
import type { DataSyncStore } from './types';

const NONE = '';

/** Upload a file, check its first rows, map its columns, try it, then import it with progress. */
export function ImportPanel({ store, canManage, onImported }: { store: DataSyncStore; canManage: boolean; onImported: () => void }) {
  const [fileType, setFileType] = useState<ImportFileType>('RECALL');
  const [recallType, setRecallType] = useState(NONE);
  const [sourceId, setSourceId] = useState(NONE);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [busy, setBusy] = useState<null | 'preview' | 'dry' | 'import' | 'save'>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<FileReportDetail | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const recallTypes = useRemoteData('ds-recall-types', (signal) => getRecallTypes(signal));
  const sources = useRemoteData(`ds-import-sources:${store.storeId}`, (signal) => listDataSources(store.enterpriseId, store.storeId, signal));
  const place = {
    enterpriseId: store.enterpriseId,
    bocId: store.bocId,
    storeId: store.storeId,
    fileType,
    recallType: fileType === 'RECALL' && recallType ? recallType : null,
    dataSourceId: sourceId ? Number(sourceId) : null,
  };

  const pick = async (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setResult(null);
    setProblem(null);
    if (!picked) return;
    setBusy('preview');
    try {
      const p = await previewFile(place, picked);
      setPreview(p);
      // A saved mapping names the columns of the source's earlier files: a column this file lacks is
      // left to be chosen (and said missing), not kept as a name the screen cannot show.
      const saved = Object.entries(p.saved ?? {}).filter(([, column]) => column !== undefined && p.headers.includes(column));
      setMapping({ ...p.suggested, ...(Object.fromEntries(saved) as ColumnMapping) });
    } catch (error) {
      setProblem(listFailureMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!sourceId) return;
    setBusy('save');
    try {
      const saved = await saveMapping(Number(sourceId), fileType, mapping);
      notify({ severity: 'success', message: saved.message });
    } catch (error) {
      notify({ severity: 'error', message: listFailureMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'dry' : 'import');
    setProblem(null);
    setResult(null);
    setProgress(0);
    try {
      // The mapping on screen is the one used: saved first when the source has one.
      if (sourceId && preview) await saveMapping(Number(sourceId), fileType, mapping);
      const report = await importFile({ ...place, dryRun }, file, setProgress);
      setResult(report);
      notify({ severity: report.rejectedRows ? 'warning' : 'success', message: dryRun ? `Checked ${report.totalRows} rows: ${report.rejectedRows} with problems` : `Imported ${report.acceptedRows} of ${report.totalRows} rows` });
      if (!dryRun) onImported();
    } catch (error) {
      setProblem(listFailureMessage(error));
      notify({ severity: 'error', message: listFailureMessage(error) });
      if (!dryRun) onImported();
    } finally {
      // The progress is back at 0 once the file is done.
      setProgress(0);
      setBusy(null);
    }
  };

  const headers = preview?.headers ?? [];
  const missing = preview?.fields.filter((f) => f.required && !mapping[f.field as ImportField]) ?? [];

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}>
          <TextField select label="Kind of file" value={fileType} onChange={(e) => { setFileType(e.target.value as ImportFileType); void pick(null); }} sx={{ minWidth: 220 }}>
            {IMPORT_FILE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {FILE_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          {fileType === 'RECALL' ? (
            <TextField select label="Recall type" value={recallType} onChange={(e) => setRecallType(e.target.value)} sx={{ minWidth: 220 }}>
              <MenuItem value={NONE}>Not given</MenuItem>
              {recallTypes.data?.map((r) => (
                <MenuItem key={r.code} value={r.code}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField select label="Source (its saved mapping)" value={sourceId} onChange={(e) => setSourceId(e.target.value)} sx={{ minWidth: 240 }}>
            <MenuItem value={NONE}>No source: suggest from the headers</MenuItem>
            {sources.data?.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <input ref={input} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" hidden data-testid="import-file" onChange={(e) => void pick(e.target.files?.[0] ?? null)} />
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={!canManage || busy !== null} sx={{ minHeight: 44 }}>
            Choose CSV or XLSX
          </Button>
          {file ? <Typography variant="body2">{file.name}</Typography> : null}
        </Stack>
        {!canManage ? <Alert severity="info" sx={{ mt: 1.5 }}>Only managers and administrators import files.</Alert> : null}
      </Paper>
      {busy === 'preview' ? <LinearProgress aria-label="Reading the file" /> : null}
      {problem ? <Alert severity="error" role="alert">{problem}</Alert> : null}
      {preview ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            Map the columns
          </Typography>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {preview.fields.map((f) => (
              <TextField
                key={f.field}
                select
                label={`${f.label}${f.required ? ' *' : ''}`}
                value={mapping[f.field as ImportField] ?? NONE}
                onChange={(e) => setMapping((m) => ({ ...m, [f.field]: e.target.value || undefined }))}
                error={f.required && !mapping[f.field as ImportField]}
                sx={{ width: 220 }}
                size="small"
              >
                <MenuItem value={NONE}>Not in the file</MenuItem>
                {headers.map((h) => (
                  <MenuItem key={h} value={h}>
                    {h}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          <TableContainer sx={{ mt: 2, maxHeight: 260 }}>
            <Table size="small" stickyHeader aria-label="First rows of the file">
              <TableHead>
                <TableRow>
                  {headers.map((h) => (
                    <TableCell key={h}>{h}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((r, i) => (
                  <TableRow key={i}>
                    {r.map((cell, j) => (
                      <TableCell key={j}>{cell}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {missing.length ? <Alert severity="warning" sx={{ mt: 1.5 }}>Choose a column for {missing.map((f) => f.label).join(', ')}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
            <Button variant="outlined" onClick={() => void save()} disabled={!sourceId || busy !== null || missing.length > 0} sx={{ minHeight: 44 }}>
              Save mapping
            </Button>
            <Button variant="outlined" onClick={() => void run(true)} disabled={busy !== null || missing.length > 0} sx={{ minHeight: 44 }}>
              Dry run
            </Button>
            <Button variant="contained" onClick={() => void run(false)} disabled={busy !== null || missing.length > 0} sx={{ minHeight: 44 }}>
              Import
            </Button>
          </Stack>
          {!sourceId ? <Typography variant="caption" color="text.secondary">Choose a source to keep this mapping for its next files.</Typography> : null}
        </Paper>
      ) : null}
      {busy === 'dry' || busy === 'import' ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography id="import-progress-label">{progress < 100 ? `Uploading and reading: ${progress}%` : 'Applying the rows…'}</Typography>
          <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} aria-labelledby="import-progress-label" sx={{ mt: 1 }} />
        </Paper>
      ) : null}
      {result ? <ReportSummary report={result} /> : null}
    </Stack>
  );
}
