import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import type { Availability } from '@drivebay/shared';
import { formatLocalTime } from '../../../lib/dates';
import { slotState } from '../lib/appointment-actions';

/** The day's slots as buttons; full and past slots cannot be chosen, and say which they are. */
export function SlotPicker({
  availability,
  value,
  onChange,
}: {
  availability: Availability;
  value: string | null;
  onChange: (startTime: string) => void;
}) {
  if (availability.slots.length === 0) {
    return <Typography color="text.secondary">The service drive takes no appointments on this day.</Typography>;
  }
  const now = Date.now();
  if (!availability.slots.some((s) => s.available)) {
    const over = availability.slots.every((s) => slotState(s, now) === 'past');
    return <Typography color="text.secondary">{over ? 'This day is over: pick a later day.' : 'No free time left on this day.'}</Typography>;
  }
  return (
    <Box role="group" aria-label="Available times" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
      {availability.slots.map((slot) => {
        const free = slot.capacity - slot.booked;
        const state = slotState(slot, now);
        const caption = state === 'past' ? 'Past' : state === 'full' ? 'Full' : `${free} free`;
        return (
          <ToggleButton
            key={slot.startTime}
            value={slot.startTime}
            selected={value === slot.startTime}
            disabled={!slot.available}
            onChange={() => onChange(slot.startTime)}
            size="small"
            sx={{ flexDirection: 'column', lineHeight: 1.2, py: 0.75 }}
            aria-label={`${formatLocalTime(slot.localTime, 'h:mm A')}, ${state === 'free' ? `${free} of ${slot.capacity} free` : caption.toLowerCase()}`}
          >
            {formatLocalTime(slot.localTime, 'h:mm A')}
            <Typography variant="caption" color="text.secondary" component="span">
              {caption}
            </Typography>
          </ToggleButton>
        );
      })}
    </Box>
  );
}
