import { useState, type DragEvent } from 'react';
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { RO_LANES, type RoStatusCode } from '@drivebay/shared';
import { boardMoveProblem } from '@drivebay/shared/docs';
import { formatInTimeZone } from '../../../lib/dates';
import { isPastPromise, type ViewCard } from '../lib/board-view';

type OrderCardProps = {
  card: ViewCard;
  zone: string;
  /** Today in the store's zone (YYYY-MM-DD): promised times of today show the time only. */
  today: string;
  dragging: boolean;
  onDragStart: (card: ViewCard, event: DragEvent) => void;
  onDragEnd: () => void;
  /** Moves the card to the end of a lane (the keyboard and menu way to move). */
  onMoveTo: (card: ViewCard, lane: RoStatusCode) => void;
  /** Opens the customer's conversation (a tap or click on the card). */
  onOpen: (card: ViewCard) => void;
  /** Opens the customer's page. */
  onOpenCustomer: (card: ViewCard) => void;
  /** The clock the past-promise flag is read against. */
  now: number;
};

function promised(iso: string | null, zone: string, today: string): string {
  if (!iso) return 'No promise time';
  const day = formatInTimeZone(iso, zone, 'YYYY-MM-DD');
  return `Promised ${formatInTimeZone(iso, zone, day === today ? 'h:mm A' : 'MM/DD h:mm A')}`;
}

/** One repair order on the board; live cards are dragged between and within lanes. */
export function OrderCard({ card, zone, today, dragging, onDragStart, onDragEnd, onMoveTo, onOpen, onOpenCustomer, now }: OrderCardProps) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const targets = RO_LANES.filter((l) => l.code !== card.lane && boardMoveProblem(card.lane, l.code) === null);
  const late = isPastPromise(card, now);
  const canOpen = card.interactionId != null;
  const who = card.customerName || 'Unknown customer';
  return (
    <Card
      variant="outlined"
      data-card-id={card.id}
      data-testid={`ro-card-${card.roNumber}`}
      draggable={card.live}
      onDragStart={(e) => onDragStart(card, e)}
      onDragEnd={onDragEnd}
      // A tap or click anywhere on the card opens the customer's conversation; its buttons do their own thing.
      onClick={(e) => {
        if (canOpen && !(e.target as HTMLElement).closest('button, [role="menu"]')) onOpen(card);
      }}
      sx={{
        cursor: canOpen ? 'pointer' : card.live ? 'grab' : 'default',
        opacity: dragging ? 0.4 : 1,
        borderLeft: 4,
        borderLeftColor: late ? 'error.main' : card.unreadCount > 0 ? 'warning.main' : 'primary.light',
        bgcolor: card.live ? 'background.paper' : 'action.hover',
      }}
    >
      <CardContent sx={{ p: 1.25, '&:last-child': { pb: 1.25 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.25}>
            <Typography variant="subtitle2" component="h3" noWrap>
              {card.roNumber}
            </Typography>
            {card.customerId != null ? (
              <Link
                component="button"
                type="button"
                variant="body2"
                color="inherit"
                underline="hover"
                onClick={() => onOpenCustomer(card)}
                aria-label={`${who}: customer page`}
                sx={{ textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}
              >
                {who}
              </Link>
            ) : (
              <Typography variant="body2" noWrap>
                {who}
              </Typography>
            )}
            {card.vehicle ? (
              <Typography variant="caption" color="text.secondary" noWrap>
                {card.vehicle}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary" noWrap>
              {card.advisorName ?? 'No advisor'}
            </Typography>
            {/* The promise on a line of its own, so it is never cut short. */}
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="caption" color={late ? 'error.dark' : 'text.secondary'} sx={{ fontWeight: late ? 600 : 400 }} data-testid="card-promised">
                {promised(card.promisedDate, zone, today)}
              </Typography>
              {late ? <Chip label="Past promised time" size="small" color="error" sx={{ height: 20, fontSize: 11 }} data-testid="card-late" /> : null}
            </Stack>
          </Stack>
          <Stack sx={{ alignItems: 'center' }} spacing={0.5}>
            {canOpen ? (
              <Tooltip title={`Open the conversation · ${card.unreadCount} unread`}>
                <IconButton size="small" aria-label={`Open conversation with ${who}, ${card.unreadCount} unread`} onClick={() => onOpen(card)}>
                  <Badge badgeContent={card.unreadCount} color="warning" max={99} data-testid="card-unread">
                    <ChatBubbleOutlineIcon fontSize="small" color={card.unreadCount > 0 ? 'warning' : 'action'} />
                  </Badge>
                </IconButton>
              </Tooltip>
            ) : (
              <Tooltip title={`${card.unreadCount} unread message${card.unreadCount === 1 ? '' : 's'}`}>
                {/* The tooltip names the badge; the role lets that name be read on a plain element. */}
                <Badge badgeContent={card.unreadCount} color="warning" max={99} data-testid="card-unread" role="img">
                  <ChatBubbleOutlineIcon fontSize="small" color={card.unreadCount > 0 ? 'warning' : 'disabled'} />
                </Badge>
              </Tooltip>
            )}
            {card.live && targets.length > 0 ? (
              <IconButton size="small" aria-label={`Move ${card.roNumber}`} onClick={(e) => setMenu(e.currentTarget)}>
                <MoreVertIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {targets.map((l) => (
          <MenuItem
            key={l.code}
            onClick={() => {
              setMenu(null);
              onMoveTo(card, l.code);
            }}
          >
            Move to {l.name}
          </MenuItem>
        ))}
      </Menu>
    </Card>
  );
}
