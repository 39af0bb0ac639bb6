import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPhoneDisplay, type Store } from '@drivebay/shared';

type StoreTableProps = {
  stores: Store[];
  /** The store the session is working in, highlighted. */
  selectedStoreId: number | null;
  onOpenStore: (store: Store) => void;
};

/** A BOC's stores; a row opens that store's lead manager. */
export function StoreTable({ stores, selectedStoreId, onOpenStore }: StoreTableProps) {
  if (stores.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        No stores in this BOC.
      </Typography>
    );
  }
  return (
    // Fixed column widths line the tables of all BOCs up under each other.
    <Table size="small" aria-label="Stores" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '38%' }}>Store</TableCell>
          <TableCell sx={{ width: '14%' }}>Code</TableCell>
          <TableCell sx={{ width: '30%' }}>Time zone</TableCell>
          <TableCell sx={{ width: '18%' }}>Phone</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {stores.map((store) => (
          <TableRow
            key={store.id}
            hover
            selected={store.id === selectedStoreId}
            tabIndex={0}
            title={`Open the lead manager of ${store.storeName}`}
            onClick={() => onOpenStore(store)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onOpenStore(store);
              }
            }}
            sx={{ cursor: 'pointer' }}
          >
            <TableCell sx={{ fontWeight: 500 }}>{store.storeName}</TableCell>
            <TableCell>{store.store_id}</TableCell>
            <TableCell>
              {store.officeMasterVO.timezoneDisplay}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {store.officeMasterVO.officeTimeZone}
              </Typography>
            </TableCell>
            <TableCell>{formatPhoneDisplay(store.phoneNumber) || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
