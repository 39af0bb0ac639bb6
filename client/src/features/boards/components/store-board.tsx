import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { ALL_ADVISORS, type RoStatusCode, type Store, type UserData } from '@drivebay/shared';
import { formatDay, todayInTimeZone } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useRemoteData } from '../../../lib/use-remote-data';
import { PageSpinner } from '../../../components/page-spinner';
import { getAdvisorsByStore, getAppointmentsOfDay, getClosedOrders, getSwimlaneStores } from '../api';
import { useLiveBoard } from '../hooks/use-live-board';
import { boardView, cardOfAppointment, cardOfOrder, SWIMLANE_MESSAGES, type ViewCard } from '../lib/board-view';
import { BoardToolbar } from './board-toolbar';
import { SwimlaneBoard } from './swimlane-board';

// A board that has shown nothing after this long (no device copy, no server) failed to load.
const LOAD_DEADLINE_MS = 15_000;

/** Shows a danger notice (spec §8) once per failure. */
function useDangerNotice(failed: boolean, message: string): void {
  useEffect(() => {
    if (failed) notify({ severity: 'error', message });
  }, [failed, message]);
}

/** The swimlane board of one store: live lanes, an advisor filter, and other days' appointments and closed orders. */
type StoreBoardProps = {
  store: Store;
  user: UserData;
  onOpenConversation: (interactionId: number) => void;
  onOpenCustomer: (customerId: number) => void;
};

export function StoreBoard({ store, user, onOpenConversation, onOpenCustomer }: StoreBoardProps) {
  const board = useLiveBoard(store.id, user);
  const [advisorNo, setAdvisorNo] = useState<string>(ALL_ADVISORS);

  const stores = useRemoteData(`swimlane-stores:${user.userMasterId}`, (signal) => getSwimlaneStores(signal));
  const zone = stores.data?.find((s) => s.id === store.id)?.officeMasterVO.officeTimeZone ?? store.officeMasterVO.officeTimeZone;
  const today = todayInTimeZone(zone);
  const [day, setDay] = useState(today);
  const otherDay = day !== today;

  const advisors = useRemoteData(`advisors:${store.id}`, (signal) => getAdvisorsByStore(store.id, signal));
  const closed = useRemoteData(otherDay ? `closed:${store.id}:${day}:${advisorNo}` : null, (signal) => getClosedOrders(store.id, day, advisorNo, signal));
  const appointments = useRemoteData(otherDay ? `appointments:${store.id}:${day}` : null, (signal) => getAppointmentsOfDay(store.id, day, signal));

  const [late, setLate] = useState(false);
  const loaded = board.connection.loaded;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (loaded) return setLate(false);
    timer.current = setTimeout(() => setLate(true), LOAD_DEADLINE_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [loaded]);
  const ordersFailed = board.connection.failure !== null || (late && !loaded);

  useDangerNotice(ordersFailed, SWIMLANE_MESSAGES.orders);
  useDangerNotice(!!stores.error, SWIMLANE_MESSAGES.stores);
  useDangerNotice(!!advisors.error, SWIMLANE_MESSAGES.advisors);
  useDangerNotice(!!closed.error, SWIMLANE_MESSAGES.closed);
  useDangerNotice(!!appointments.error, SWIMLANE_MESSAGES.appointments);

  const lanes = useMemo(() => {
    const advisorOf = new Map((advisors.data ?? []).map((a) => [a.id, a.advisorNo]));
    return boardView({
      live: board.lanes,
      advisorNo,
      otherDay: otherDay
        ? {
            appointments: (appointments.data ?? []).map((a) => cardOfAppointment(a, a.advisorId === null ? null : (advisorOf.get(a.advisorId) ?? null))),
            closed: (closed.data ?? []).map(cardOfOrder),
          }
        : null,
    });
  }, [board.lanes, advisorNo, otherDay, appointments.data, closed.data, advisors.data]);

  const dayLabel = formatDay(day, 'MM/DD/YYYY');
  const notes: Partial<Record<RoStatusCode, string>> | undefined = otherDay
    ? { Appt: `Appointments of ${dayLabel}`, CLOSED: `Closed on ${dayLabel}` }
    : undefined;

  return (
    <Stack sx={{ flex: 1, minHeight: 0 }}>
      <BoardToolbar
        advisors={advisors.data ?? []}
        advisorNo={advisorNo}
        onAdvisor={setAdvisorNo}
        day={day}
        onDay={setDay}
        status={board.connection.status}
      />
      {ordersFailed ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="board-failure">
          {SWIMLANE_MESSAGES.orders}
          {board.connection.failure === 'forbidden' ? ' This store is not in your scope.' : ''}
        </Alert>
      ) : null}
      {!loaded && !ordersFailed ? (
        <PageSpinner label="Loading the board" />
      ) : (
        <SwimlaneBoard
          lanes={lanes}
          zone={zone}
          today={today}
          notes={notes}
          onMove={(card: ViewCard, lane, index, shown) => board.move(card.id, lane, index, shown)}
          onOpen={(card: ViewCard) => {
            if (card.interactionId != null) onOpenConversation(card.interactionId);
          }}
          onOpenCustomer={(card: ViewCard) => {
            if (card.customerId != null) onOpenCustomer(card.customerId);
          }}
        />
      )}
    </Stack>
  );
}
