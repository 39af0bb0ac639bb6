import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridValidRowModel } from '@mui/x-data-grid';
import { listFailureMessage } from '../../../lib/api-client';

/** A page of a server-paged list, as the planner screen's lists answer. */
type Page<R> = { content: R[]; totalElements: number };

/**
 * A list of the planner screen paged on the server (run history, recall leads, customer-vehicle
 * lead batches): its failure notice, the grid with its name, columns and empty text, one page size.
 */
export function PagedGrid<R extends GridValidRowModel>(p: {
  label: string;
  columns: GridColDef<R>[];
  data: { data: Page<R> | null | undefined; loading: boolean; error: unknown };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  emptyText: string;
  height: number;
  /** Rows chosen with checkboxes (kept across pages). */
  selection?: { model: GridRowSelectionModel; onChange: (model: GridRowSelectionModel) => void };
}) {
  const { data, loading, error } = p.data;
  return (
    <>
      {error ? <Alert severity="warning">{listFailureMessage(error)}</Alert> : null}
      <Paper variant="outlined" sx={{ height: p.height, display: 'flex', overflow: 'hidden' }}>
        <DataGrid
          aria-label={p.label}
          rows={data?.content ?? []}
          columns={p.columns}
          loading={loading}
          paginationMode="server"
          rowCount={data?.totalElements ?? 0}
          paginationModel={{ page: p.page, pageSize: p.pageSize }}
          onPaginationModelChange={(m) => p.onPage(m.page)}
          pageSizeOptions={[p.pageSize]}
          disableColumnSorting
          disableColumnFilter
          disableRowSelectionOnClick
          {...(p.selection
            ? {
                checkboxSelection: true,
                keepNonExistentRowsSelected: true,
                rowSelectionModel: p.selection.model,
                onRowSelectionModelChange: p.selection.onChange,
              }
            : {})}
          density="compact"
          localeText={{ noRowsLabel: p.emptyText }}
          sx={{ border: 0, flex: 1 }}
        />
      </Paper>
    </>
  );
}
