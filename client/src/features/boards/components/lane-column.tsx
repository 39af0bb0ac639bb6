import { useRef, type DragEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MarkChatUnreadOutlinedIcon from '@mui/icons-material/MarkChatUnreadOutlined';
import type { RoStatusCode } from '@drivebay/shared';
import { laneUnread, type ViewCard } from '../lib/board-view';
import { OrderCard } from './order-card';

type LaneColumnProps = {
  code: RoStatusCode;
  name: string;
  cards: ViewCard[];
  zone: string;
  today: string;
  /** The card being dragged, if any. */
  dragging: ViewCard | null;
  /** Whether the dragged card may be dropped here (null: nothing is dragged). */
  accepts: boolean | null;
  /** Where a drop would land, when it is in this lane. */
  dropIndex: number | null;
  /** A note instead of cards' liveness (e.g. "Appointments of 02/03/2026"). */
  note?: string;
  onDragStart: (card: ViewCard, event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOverAt: (lane: RoStatusCode, index: number) => void;
  onDrop: (lane: RoStatusCode, index: number) => void;
  onMoveTo: (card: ViewCard, lane: RoStatusCode) => void;
  onOpen: (card: ViewCard) => void;
  onOpenCustomer: (card: ViewCard) => void;
  now: number;
};

/** The index a drop at `clientY` lands at among the lane's cards, the dragged card left out. */
function indexAt(list: HTMLElement, clientY: number, draggedId: number | undefined): number {
  const cards = [...list.querySelectorAll<HTMLElement>('[data-card-id]')].filter((el) => Number(el.dataset.cardId) !== draggedId);
  const after = cards.findIndex((el) => {
    const box = el.getBoundingClientRect();
    return clientY < box.top + box.height / 2;
  });
  return after === -1 ? cards.length : after;
}

function DropMark() {
  return <Box aria-hidden sx={{ height: 4, borderRadius: 2, bgcolor: 'primary.main', my: 0.25 }} />;
}

/** One lane: its name, counts, and cards in order; a drop target while a card is dragged. */
export function LaneColumn(props: LaneColumnProps) {
  const { code, name, cards, zone, today, dragging, accepts, dropIndex, note } = props;
  const list = useRef<HTMLDivElement>(null);
  const unread = laneUnread(cards);
  // Drop positions count the cards other than the dragged one, which stays in place (dimmed).
  const others = cards.filter((c) => c.id !== dragging?.id);
  const markBefore = dropIndex === null ? null : (others[dropIndex]?.id ?? null);

  const over = (event: DragEvent) => {
    if (!dragging || !accepts || !list.current) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    props.onDragOverAt(code, indexAt(list.current, event.clientY, dragging.id));
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={name}
      id={`lane-${code}`}
      data-testid={`lane-${code}`}
      onDragOver={over}
      onDrop={(event) => {
        if (!dragging || !accepts || !list.current) return;
        event.preventDefault();
        props.onDrop(code, indexAt(list.current, event.clientY, dragging.id));
      }}
      sx={{
        // Lanes share a wide screen (all eight on a 1920 px desktop) and keep a readable width on
        // a narrow one, where the board scrolls a lane at a time and the lane picker jumps between them.
        flex: { xs: '0 0 min(300px, 82vw)', md: '1 0 232px' },
        maxWidth: { md: 320 },
        scrollSnapAlign: 'start',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        bgcolor: 'grey.50',
        opacity: accepts === false ? 0.45 : 1,
        outline: accepts && dropIndex !== null ? 2 : 0,
        outlineColor: 'primary.main',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="lane-count">
          {cards.length}
        </Typography>
        <Badge badgeContent={unread} color="warning" max={999} data-testid="lane-unread" role="img" aria-label={`${unread} unread in ${name}`}>
          <MarkChatUnreadOutlinedIcon fontSize="small" color={unread > 0 ? 'warning' : 'disabled'} />
        </Badge>
      </Stack>
      {note ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1.5, pt: 0.75 }}>
          {note}
        </Typography>
      ) : null}
      {/* A long lane scrolls on its own, so keyboard users need to be able to focus it to scroll it. */}
      <Stack ref={list} tabIndex={0} role="group" aria-label={`${name} repair orders`} spacing={1} sx={{ p: 1, overflowY: 'auto', flex: 1, minHeight: 80 }}>
        {cards.map((card) => (
          <Box key={card.id}>
            {markBefore === card.id ? <DropMark /> : null}
            <OrderCard
              card={card}
              zone={zone}
              today={today}
              dragging={dragging?.id === card.id}
              onDragStart={props.onDragStart}
              onDragEnd={props.onDragEnd}
              onMoveTo={props.onMoveTo}
              onOpen={props.onOpen}
              onOpenCustomer={props.onOpenCustomer}
              now={props.now}
            />
          </Box>
        ))}
        {dropIndex !== null && dropIndex >= others.length ? <DropMark /> : null}
        {cards.length === 0 ? (
          <Typography variant="body2" color="text.disabled" sx={{ textAlign: 'center', py: 2 }}>
            No repair orders
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}
