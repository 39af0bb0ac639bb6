import { useState, type DragEvent } from 'react';
import Stack from '@mui/material/Stack';
import { RO_LANES, type RoStatusCode } from '@drivebay/shared';
import { boardMoveProblem } from '@drivebay/shared/docs';
import type { ViewCard, ViewLanes } from '../lib/board-view';
import { LaneColumn } from './lane-column';

type SwimlaneBoardProps = {
  lanes: ViewLanes;
  zone: string;
  today: string;
  /** Notes per lane (another day's lanes say which day they show). */
  notes?: Partial<Record<RoStatusCode, string>>;
  /** Moves a card to `index` among the lane's shown cards. */
  onMove: (card: ViewCard, lane: RoStatusCode, index: number, shown: readonly ViewCard[]) => void;
};

/** The eight lanes side by side; live cards are dragged with the browser's drag and drop. */
export function SwimlaneBoard({ lanes, zone, today, notes, onMove }: SwimlaneBoardProps) {
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
    <Stack direction="row" spacing={1.5} sx={{ flex: 1, minHeight: 0, overflowX: 'auto', pb: 1 }} data-testid="swimlane-board">
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
        />
      ))}
    </Stack>
  );
}
