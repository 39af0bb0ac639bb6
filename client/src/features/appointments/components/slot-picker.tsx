import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import type { Availability } from '@drivebay/shared';
import { formatLocalTime } from '../../../lib/dates';

/** The day's slots as buttons; full and past slots cannot be chosen. */
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
  if (!availability.slots.some((s) => s.available)) {
    return <Typography color="text.secondary">No free time left on this day.</Typography>;
  }
  return (
    <Box role="group" aria-label="Available times" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
      {availability.slots.map((slot) => {
        const free = slot.capacity - slot.booked;
        return (
          <ToggleButton
            key={slot.startTime}
            value={slot.startTime}
            selected={value === slot.startTime}
            disabled={!slot.available}
            onChange={() => onChange(slot.startTime)}
            size="small"
            sx={{ flexDirection: 'column', lineHeight: 1.2, py: 0.75 }}
            aria-label={`${formatLocalTime(slot.localTime, 'h:mm A')}, ${free} of ${slot.capacity} free`}
          >
            {formatLocalTime(slot.localTime, 'h:mm A')}
            <Typography variant="caption" color="text.secondary" component="span">
              {slot.available ? `${free} free` : 'Full'}
            </Typography>
          </ToggleButton>
        );
      })}
    </Box>
  );
}
