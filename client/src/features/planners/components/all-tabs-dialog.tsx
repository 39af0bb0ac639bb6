import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PLANNER_TEXT, displayDate, type ArtResult, type ArtTab, type PlannerRun } from '@drivebay/shared';
import { listFailureMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { getPlannerRun, runAllTabs, type PlannerAsk } from '../api';

const SKIPPED: Record<NonNullable<ArtTab['skipped']>, string> = {
  NO_INSPECTION_IN_STATE: 'No inspection in this state',
  ALREADY_TRANSFERRED: 'Already transferred for this date',
};

const settled = (r: PlannerRun) => r.status === 'COMPLETED' || r.status === 'FAILED';

function runText(r: PlannerRun): string {
  if (r.status === 'COMPLETED') return `${r.transferredCount} transferred of ${r.dueCount ?? 0} due`;
  if (r.status === 'FAILED') return `failed: ${r.error ?? PLANNER_TEXT.serverError}`;
  return r.status === 'QUEUED' ? 'waiting' : `running, ${r.progress}%`;
}

type Props = { open: boolean; ask: Pick<PlannerAsk, 'storeId' | 'bocId' | 'plannerDate'> | null; onClose: () => void; onRunsChanged: () => void };

/**
 * The all-tabs run (ART): each tab's due count for the planner date, and one transfer of every
 * tab, worked tab after tab, whose runs this follows until the last has settled.
 */
export function AllTabsDialog({ open, ask, onClose, onRunsChanged }: Props) {
  const [result, setResult] = useState<ArtResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !ask) return;
    const ac = new AbortController();
    setResult(null);
    setError(null);
    setBusy(true);
    runAllTabs(ask, { transfer: false })
      .then((r) => !ac.signal.aborted && setResult(r))
      .catch((e: unknown) => !ac.signal.aborted && setError(listFailureMessage(e)))
      .finally(() => !ac.signal.aborted && setBusy(false));
    return () => ac.abort();
  }, [open, ask]);

  // A transfer's runs are jobs: follow the unsettled ones until every tab has settled.
  useEffect(() => {
    if (!result?.transfer) return;
    const pending = result.tabs.filter((t) => t.run && !settled(t.run));
    if (!pending.length) return;
    const timer = setTimeout(() => {
      Promise.all(pending.map((t) => getPlannerRun(t.run!.id)))
        .then((runs) => {
          const byId = new Map(runs.map((r) => [r.id, r]));
          const tabs = result.tabs.map((t) => (t.run && byId.has(t.run.id) ? { ...t, run: byId.get(t.run.id)! } : t));
          setResult({ ...result, tabs });
          if (tabs.every((t) => !t.run || settled(t.run))) {
            const moved = tabs.reduce((n, t) => n + (t.run?.transferredCount ?? 0), 0);
            notify(moved > 0 ? { severity: 'success', message: PLANNER_TEXT.transferred } : { severity: 'warning', message: PLANNER_TEXT.noRecords });
            onRunsChanged();
          }
        })
        .catch((e: unknown) => notify({ severity: 'warning', message: listFailureMessage(e) }));
    }, 800);
    return () => clearTimeout(timer);
  }, [result, onRunsChanged]);

  const transfer = async (hardRun: boolean) => {
    if (!ask) return;
    setBusy(true);
    try {
      // Again: only the tabs skipped as already transferred, now as a hard run.
      const planners = hardRun ? result?.tabs.filter((t) => t.skipped === 'ALREADY_TRANSFERRED').map((t) => t.planner) : undefined;
      setResult(await runAllTabs(ask, { transfer: true, hardRun, ...(planners ? { planners } : {}) }));
      onRunsChanged();
    } catch (e) {
      notify({ severity: 'warning', message: listFailureMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const running = !!result?.transfer && result.tabs.some((t) => t.run && !settled(t.run));
  const alreadyDone = !!result?.tabs.some((t) => t.skipped === 'ALREADY_TRANSFERRED');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="all-tabs-title">
      <DialogTitle id="all-tabs-title">All tabs{result?.plannerDate ? ` for ${displayDate(result.plannerDate)}` : ''}</DialogTitle>
      <DialogContent dividers>
        {error ? <Alert severity="warning">{error}</Alert> : null}
        {!result && busy ? <CircularProgress aria-label="Counting" /> : null}
        {result ? (
          <Table size="small" aria-label="Planner tabs">
            <TableHead>
              <TableRow>
                <TableCell>Tab</TableCell>
                <TableCell>{result.transfer ? 'Transfer' : 'Due'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.tabs.map((t) => (
                <TableRow key={t.planner}>
                  <TableCell>{t.plannerName}</TableCell>
                  <TableCell>{t.skipped ? SKIPPED[t.skipped] : t.run ? runText(t.run) : (t.due ?? 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {result?.transfer ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Transfer all starts each tab&apos;s conversations, one tab after another, with each tab&apos;s own window; a vehicle due on two tabs is
            contacted once.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {result?.transfer && alreadyDone && !running ? (
          <Button onClick={() => void transfer(true)} disabled={busy}>
            Run those again
          </Button>
        ) : null}
        {result && !result.transfer ? (
          <Button variant="contained" onClick={() => void transfer(false)} disabled={busy}>
            Transfer all
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
