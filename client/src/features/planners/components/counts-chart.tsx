import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LEFT_OUT_LABELS, LEFT_OUT_REASONS, type PlannerRun } from '@drivebay/shared';

/** Due against left out, by reason: a glance tells whether the list is worth a transfer. */
export function CountsChart({ run }: { run: PlannerRun }) {
  const reasons = LEFT_OUT_REASONS.filter((r) => (run.leftOut?.[r] ?? 0) > 0);
  const labels = ['Due', ...reasons.map((r) => LEFT_OUT_LABELS[r])];
  const values = [run.dueCount ?? 0, ...reasons.map((r) => run.leftOut?.[r] ?? 0)];
  const leftOut = values.slice(1).reduce((a, b) => a + b, 0);
  const summary = `${run.dueCount ?? 0} due, ${leftOut} left out${reasons.length ? `: ${reasons.map((r) => `${LEFT_OUT_LABELS[r]} ${run.leftOut?.[r]}`).join(', ')}` : ''}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="h2">
          {run.plannerName} on {run.plannerDate.split('-').reverse().join('/')}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {summary}
        </Typography>
        <BarChart
          height={Math.max(90, labels.length * 30 + 30)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: labels, width: 190 }]}
          series={[{ data: values, label: 'Vehicles' }]}
          hideLegend
          margin={{ left: 8, right: 16, top: 4, bottom: 4 }}
          aria-label={summary}
        />
      </Stack>
    </Paper>
  );
}
