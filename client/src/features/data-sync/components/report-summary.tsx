import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FILE_TYPE_LABELS, type FileReportDetail } from '@drivebay/shared';
import { FileStatusChip } from './status-chips';

/** What came of one file: its counts, why it was refused, and its refused rows. */
export function ReportSummary({ report }: { report: FileReportDetail }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="file-report">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {report.fileName}
        </Typography>
        <FileStatusChip status={report.status} />
        {report.dryRun ? <Typography variant="body2" color="text.secondary">(dry run: nothing kept)</Typography> : null}
      </Stack>
      <Typography variant="body2">
        {FILE_TYPE_LABELS[report.fileType]} · {report.totalRows} rows read · {report.acceptedRows} accepted · {report.rejectedRows} refused · {report.duplicateRows} duplicates ·{' '}
        {report.createdRecords} new · {report.updatedRecords} changed
      </Typography>
      {report.fileError ? <Alert severity="error" sx={{ mt: 1 }}>{report.fileError}</Alert> : null}
      {report.rowErrors.length ? (
        <TableContainer sx={{ mt: 1.5, maxHeight: 280 }}>
          <Table size="small" stickyHeader aria-label="Refused rows">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Field</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rowErrors.map((e) => (
                <TableRow key={`${e.rowNumber}-${e.field}`}>
                  <TableCell>{e.rowNumber}</TableCell>
                  <TableCell>{e.field}</TableCell>
                  <TableCell>{e.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {report.rejectedRows > report.rowErrors.length ? (
        <Typography variant="caption" color="text.secondary">
          The first {report.rowErrors.length} problems are listed.
        </Typography>
      ) : null}
    </Paper>
  );
}
