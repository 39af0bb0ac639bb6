import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InsightsIcon from '@mui/icons-material/Insights';
import { PATHS, REPORT_SCREEN_PATHS, type Store } from '@drivebay/shared';
import { PageHeader } from '../../../components/page-header';
import { ReportsPage, reportTitle, useReportsLiveKey } from '../../../features/reports';
import { setSelection } from '../../../lib/session/session-store';
import { useLayoutContext } from './layout-context';

/** /reports and /reports/:report: the dashboard and every report, live while open. */
export default function ReportsScreen() {
  const { selection } = useLayoutContext();
  const { report } = useParams();
  const navigate = useNavigate();
  const [liveStores, setLiveStores] = useState<number[]>([]);
  const liveKey = useReportsLiveKey(liveStores);
  const onStoresChange = useCallback((stores: Store[]) => {
    const ids = stores.map((s) => s.id);
    setLiveStores((prev) => (prev.join(',') === ids.join(',') ? prev : ids));
  }, []);

  const enterpriseId = selection.enterpriseId;
  return (
    <Stack data-testid="reports-screen" data-live-key={liveKey} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <PageHeader title={reportTitle(report)} subtitle="Figures update live as messages and bookings come in. Days are counted in UTC." />
      {enterpriseId === null ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <InsightsIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="h6" component="h2">
              Choose an enterprise
            </Typography>
            <Typography color="text.secondary">Pick an enterprise in the bar above to read its reports.</Typography>
          </Stack>
        </Paper>
      ) : (
        <ReportsPage
          key={enterpriseId}
          enterpriseId={enterpriseId}
          reportKey={report}
          onPickReport={(key) => void navigate(key === 'dashboard' ? REPORT_SCREEN_PATHS.dashboard : `${REPORT_SCREEN_PATHS.dashboard}/${key}`)}
          liveKey={liveKey}
          onStoresChange={onStoresChange}
          onOpen={({ storeId, bocId, futureServiceInteractionId }) => {
            // The conversation opens in its store's inbox.
            setSelection({ enterpriseId, bocId, storeId });
            void navigate(`${PATHS.leadManager}?fsi=${futureServiceInteractionId}`);
          }}
        />
      )}
    </Stack>
  );
}
