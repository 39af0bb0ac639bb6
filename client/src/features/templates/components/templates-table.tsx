import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { TEMPLATE_TEXT, serviceTypeLabel } from '@drivebay/shared';
import type { TemplateRow } from '../api';

type Props = {
  rows: TemplateRow[] | undefined;
  loading: boolean;
  editable: boolean;
  addMe: { enabled: (row: TemplateRow) => boolean; hint: (row: TemplateRow) => string; run: (row: TemplateRow) => void; busyId: number | null };
  onEdit: (row: TemplateRow) => void;
  onDelete: (row: TemplateRow) => void;
};

/** One tab's table: Name, Add (Add Me) and Actions (edit, delete); empty says 'No records available'. */
export function TemplatesTable({ rows, loading, editable, addMe, onEdit, onDelete }: Props) {
  return (
    <TableContainer>
      <Table size="small" aria-busy={loading}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell sx={{ width: 140 }}>Add</TableCell>
            <TableCell sx={{ width: 120 }} align="right">
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows || rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3}>
                <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                  {loading ? 'Loading…' : TEMPLATE_TEXT.empty}
                </Typography>
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} hover data-testid="template-row">
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }}>{row.title}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {serviceTypeLabel(row.serviceType)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Tooltip title={addMe.hint(row)}>
                    <span>
                      <Button size="small" variant="outlined" disabled={!addMe.enabled(row) || addMe.busyId === row.id} onClick={() => addMe.run(row)}>
                        {TEMPLATE_TEXT.addMe}
                      </Button>
                    </span>
                  </Tooltip>
                </TableCell>
                <TableCell align="right">
                  {editable && row.canEdit ? (
                    <>
                      <IconButton size="small" aria-label={`Edit ${row.title}`} onClick={() => onEdit(row)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                      <IconButton size="small" aria-label={`Delete ${row.title}`} onClick={() => onDelete(row)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </>
                  ) : null}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
