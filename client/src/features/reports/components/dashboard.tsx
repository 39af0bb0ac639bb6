import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  DASHBOARD_TABS,
  DEFAULT_DASHBOARD_TAB,
  REPORT_COUNTERS,
  REPORT_COUNTER_LABELS,
  RESPONSE_CATEGORIES,
  type DashboardTab,
  type ReportCounter,
  type ReportFilter,
} from '@drivebay/shared';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getDashboard } from '../api/report-calls';
import { ConversationTable, type OpenConversation } from './conversation-table';
import { formatDuration } from './format';
import { ReportState } from './state-views';

const TAB_LABELS: Record<DashboardTab, string> = { SALES: 'Sales', SERVICE: 'Service' };
const TYPES = [
  { value: '1', label: 'Type A' },
  { value: '2', label: 'Type B' },
  { value: 'ALL', label: 'Type All' },
];

type Drill = { counter: ReportCounter; date?: string; storeId?: number };

/**
 * The managers' dashboard: contacted, responded, engaged and booked conversations, by day and by
 * store, and what customers answered. Every bar, card and store row opens the conversations
 * behind it. `liveKey` changes when the stores' inboxes change, and the figures reload.
 */
export function ReportsDashboard({ body, liveKey, onOpen }: { body: ReportFilter; liveKey: string; onOpen: OpenConversation }) {
  const [tab, setTab] = useState<DashboardTab>(DEFAULT_DASHBOARD_TAB);
  const [type, setType] = useState('1');
  const [drill, setDrill] = useState<Drill | null>(null);
  const request = useMemo(() => ({ ...body, tab, type: type === 'ALL' ? '' : type }), [body, tab, type]);
  const data = useRemoteData(JSON.stringify({ request, liveKey }), (signal) => getDashboard(request, signal), { keepPrevious: true });
  const d = data.data;
  const days = d?.byDay ?? [];
  const insightTotals = useMemo(() => {
    const totals = new Map<string, number>();
    for (const e of d?.insights ?? []) for (const i of e.insights) totals.set(i.name, (totals.get(i.name) ?? 0) + i.count);
    return [...totals.entries()].sort((a, b) => b[1] - a[1]);
  }, [d]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Tabs value={tab} onChange={(_e, v: DashboardTab) => { setTab(v); setDrill(null); }} aria-label="Dashboard tab">
          {DASHBOARD_TABS.map((t) => (
            <Tab key={t} value={t} label={TAB_LABELS[t]} />
          ))}
        </Tabs>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {d?.scope.demoFlag ? <Chip size="small" label="Demo enterprise" /> : null}
          <ToggleButtonGroup exclusive size="medium" value={type} onChange={(_e, v: string | null) => v && (setType(v), setDrill(null))} aria-label="Customer type">
            {TYPES.map((t) => (
              <ToggleButton key={t.value} value={t.value}>
                {t.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
      </Stack>

      <ReportState loading={data.loading && !d} error={data.error} empty={false} onRetry={data.reload} />

      {d ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
            {REPORT_COUNTERS.map((c) => (
              <Card key={c} variant="outlined" sx={{ borderColor: drill?.counter === c && !drill.date && !drill.storeId ? 'primary.main' : undefined }}>
                <CardActionArea onClick={() => setDrill({ counter: c })} sx={{ p: 2 }} aria-label={`${REPORT_COUNTER_LABELS[c]}: ${d.counters[c]}, show the conversations`}>
                  <Typography variant="body2" color="text.secondary">
                    {REPORT_COUNTER_LABELS[c]}
                  </Typography>
                  <Typography variant="h4" component="p" data-testid={`counter-${c}`}>
                    {d.counters[c]}
                  </Typography>
                </CardActionArea>
              </Card>
            ))}
          </Box>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              By day
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Days in UTC. Click a bar to see its conversations.
            </Typography>
            {days.length ? (
              <BarChart
                height={300}
                xAxis={[{ scaleType: 'band', data: days.map((x) => x.date.slice(5)) }]}
                series={REPORT_COUNTERS.map((c) => ({ id: c, label: REPORT_COUNTER_LABELS[c], data: days.map((x) => x[c]) }))}
                onItemClick={(_e, item) => setDrill({ counter: item.seriesId as ReportCounter, date: days[item.dataIndex]!.date })}
              />
            ) : (
              <Typography sx={{ py: 4 }} color="text.secondary">
                No activity in these days.
              </Typography>
            )}
          </Paper>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 2 }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                By store
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Median time from a customer’s first message to the store’s first answer.
              </Typography>
              <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mt: 1, '& td, & th': { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'right' }, '& td:first-of-type, & th:first-of-type': { textAlign: 'left' } }}>
                <thead>
                  <tr>
                    <th scope="col">Store</th>
                    {REPORT_COUNTERS.map((c) => (
                      <th key={c} scope="col">
                        {REPORT_COUNTER_LABELS[c]}
                      </th>
                    ))}
                    <th scope="col">Median first answer</th>
                  </tr>
                </thead>
                <tbody>
                  {d.byStore.map((s) => (
                    <tr key={s.storeId}>
                      <td>{s.storeName}</td>
                      {REPORT_COUNTERS.map((c) => (
                        <td key={c}>
                          <Box component="button" type="button" onClick={() => setDrill({ counter: c, storeId: s.storeId })} sx={{ all: 'unset', cursor: 'pointer', color: 'primary.main', textDecoration: 'underline', minWidth: 32, display: 'inline-block', py: 0.5 }} aria-label={`${s.storeName} ${REPORT_COUNTER_LABELS[c]} ${s[c]}`}>
                            {s[c]}
                          </Box>
                        </td>
                      ))}
                      <td>{formatDuration(s.medianFirstResponseSeconds) || '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                What customers answered
              </Typography>
              {insightTotals.length ? (
                <BarChart
                  height={Math.max(160, insightTotals.length * 32)}
                  layout="horizontal"
                  yAxis={[{ scaleType: 'band', data: insightTotals.map(([n]) => (n === 'BLANK' ? 'Unclassified' : (RESPONSE_CATEGORIES[n as keyof typeof RESPONSE_CATEGORIES] ?? n))), width: 140 }]}
                  series={[{ id: 'insights', label: 'Conversations', data: insightTotals.map(([, n]) => n) }]}
                  hideLegend
                  onItemClick={() => setDrill({ counter: 'RESPONDED' })}
                />
              ) : (
                <Typography sx={{ py: 4 }} color="text.secondary">
                  No answers in these days.
                </Typography>
              )}
            </Paper>
          </Box>

          {drill ? (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <ConversationTable request={{ ...request, ...drill }} onOpen={onOpen} liveKey={liveKey} />
            </Paper>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
