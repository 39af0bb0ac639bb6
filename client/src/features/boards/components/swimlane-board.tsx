import { useEffect, useRef, useState, type DragEvent } from 'react';
import Stack from '@mui/material/Stack';
import { RO_LANES, type RoStatusCode } from '@drivebay/shared';
import { boardMoveProblem } from '@drivebay/shared/docs';
import type { ViewCard, ViewLanes } from '../lib/board-view';
import { LaneColumn } from './lane-column';
import { LanePicker } from './lane-picker';

// How often the past-promise flags are read against the clock.
const CLOCK_MS = 60_000;

type SwimlaneBoardProps = {
  lanes: ViewLanes;
  zone: string;
  today: string;
  /** Notes per lane (another day's lanes say which day they show). */
  notes?: Partial<Record<RoStatusCode, string>>;
  /** Moves a card to `index` among the lane's shown cards. */
  onMove: (card: ViewCard, lane: RoStatusCode, index: number, shown: readonly ViewCard[]) => void;
  /** Opens the customer's conversation of a card. */
  onOpen: (card: ViewCard) => void;
  onOpenCustomer: (card: ViewCard) => void;
};

/** The eight lanes side by side; live cards are dragged with the browser's drag and drop. */
export function SwimlaneBoard({ lanes, zone, today, notes, onMove, onOpen, onOpenCustomer }: SwimlaneBoardProps) {
  const row = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<RoStatusCode>(RO_LANES[0].code);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  const pick = (lane: RoStatusCode) => {
    setCurrent(lane);
    const el = row.current?.querySelector<HTMLElement>(`#lane-${lane}`);
    if (el && row.current) row.current.scrollTo({ left: el.offsetLeft - row.current.offsetLeft, behavior: 'smooth' });
  };
  // The lane whose left edge is nearest the board's left edge is the one "in view".
  const followScroll = () => {
    const box = row.current;
    if (!box) return;
    let best: RoStatusCode = current;
    let distance = Infinity;
    for (const { code } of RO_LANES) {
      const el = box.querySelector<HTMLElement>(`#lane-${code}`);
      if (!el) continue;
      const d = Math.abs(el.offsetLeft - box.offsetLeft - box.scrollLeft);
      if (d < distance) [best, distance] = [code, d];
    }
    if (best !== current) setCurrent(best);
  };

  const [dragging, setDragging] = useState<ViewCard | null>(null);
  const [dropAt, setDropAt] = useState<{ lane: RoStatusCode; index: number } | null>(null);

  const start = (card: ViewCard, event: DragEvent) => {
    if (!card.live) return event.preventDefault();
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', card.roNumber);
    setDragging(card);
  };
  const end = () => {
    setDragging(null);
    setDropAt(null);
  };
  const accepts = (lane: RoStatusCode) => {
    if (!dragging) return null;
    // Only the live lanes take drops; another day's lanes are a record.
    return lanes[lane].every((c) => c.live) && boardMoveProblem(dragging.lane, lane) === null;
  };

  return (
    <>
    <LanePicker lanes={lanes} current={current} onPick={pick} />
    <Stack
      ref={row}
      direction="row"
      spacing={1.5}
      onScroll={followScroll}
      sx={{ flex: 1, minHeight: 0, overflowX: 'auto', pb: 1, position: 'relative', scrollSnapType: { xs: 'x mandatory', md: 'x proximity' } }}
      data-testid="swimlane-board"
    >
      {RO_LANES.map(({ code, name }) => (
        <LaneColumn
          key={code}
          code={code}
          name={name}
          cards={lanes[code]}
          zone={zone}
          today={today}
          note={notes?.[code]}
          dragging={dragging}
          accepts={accepts(code)}
          dropIndex={dropAt?.lane === code ? dropAt.index : null}
          onDragStart={start}
          onDragEnd={end}
          onDragOverAt={(lane, index) => {
            if (dropAt?.lane !== lane || dropAt.index !== index) setDropAt({ lane, index });
          }}
          onDrop={(lane, index) => {
            const card = dragging;
            end();
            if (card) onMove(card, lane, index, lanes[lane]);
          }}
          onMoveTo={(card, lane) => onMove(card, lane, lanes[lane].length, lanes[lane])}
          onOpen={onOpen}
          onOpenCustomer={onOpenCustomer}
          now={now}
        />
      ))}
    </Stack>
    </>
  );
}
