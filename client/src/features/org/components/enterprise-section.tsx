import { useEffect, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { Enterprise, Store } from '@drivebay/shared';
import { listFailureMessage, notifyListFailure } from '../../../lib/api-client';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getBocs, getStores } from '../api';
import { bocOptions } from '../selection';
import { StoreTable } from './store-table';

type EnterpriseSectionProps = {
  enterprise: Enterprise;
  defaultExpanded: boolean;
  selectedStoreId: number | null;
  onOpenStore: (store: Store) => void;
};

/** One enterprise: its BOCs, each with its stores. Loaded when first opened. */
export function EnterpriseSection({ enterprise, defaultExpanded, selectedStoreId, onOpenStore }: EnterpriseSectionProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [opened, setOpened] = useState(defaultExpanded);
  const id = enterprise.id;
  const bocs = useRemoteData(opened ? `directory:bocs:${id}` : null, (signal) => getBocs(id, signal));
  const stores = useRemoteData(opened ? `directory:stores:${id}` : null, (signal) => getStores(id, null, signal));
  const error = bocs.error ?? stores.error;

  useEffect(() => {
    if (error) notifyListFailure(error);
  }, [error]);

  const groups = useMemo(() => {
    const all = bocOptions(bocs.data, stores.data) ?? [];
    return all.map((boc) => ({ boc, stores: (stores.data ?? []).filter((s) => s.boc === boc.id) }));
  }, [bocs.data, stores.data]);

  const loaded = bocs.data !== undefined && stores.data !== undefined;

  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, isExpanded) => {
        setExpanded(isExpanded);
        if (isExpanded) setOpened(true);
      }}
      disableGutters
      variant="outlined"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`enterprise-${id}-content`} id={`enterprise-${id}-header`}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={enterprise.logo ?? undefined} alt="" variant="rounded" sx={{ width: 32, height: 32, bgcolor: 'primary.main' }}>
            {enterprise.name.charAt(0).toUpperCase()}
          </Avatar>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {enterprise.name}
          </Typography>
          {loaded ? (
            <Typography variant="body2" color="text.secondary">
              {groups.length} BOC{groups.length === 1 ? '' : 's'} · {stores.data?.length ?? 0} store
              {stores.data?.length === 1 ? '' : 's'}
            </Typography>
          ) : null}
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>
        {bocs.loading || stores.loading ? <LinearProgress aria-label={`Loading ${enterprise.name}`} /> : null}
        {error ? (
          <Alert severity="warning" sx={{ m: 2 }}>
            {listFailureMessage(error)}
          </Alert>
        ) : null}
        {loaded && groups.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No records available
          </Typography>
        ) : null}
        {groups.map(({ boc, stores: bocStores }) => (
          <Box key={boc.id} sx={{ borderTop: 1, borderColor: 'divider' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 0.5 }}>
              <Typography variant="subtitle2" component="h3">
                {boc.bocName}
              </Typography>
              <Chip label={boc.bocId} size="small" variant="outlined" />
            </Stack>
            <StoreTable stores={bocStores} selectedStoreId={selectedStoreId} onOpenStore={onOpenStore} />
          </Box>
        ))}
      </AccordionDetails>
    </Accordion>
  );
}
