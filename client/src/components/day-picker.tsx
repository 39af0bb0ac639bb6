import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';

/** A small "Day" picker over a YYYY-MM-DD day, shown as MM/DD/YYYY; only valid dates are passed on. */
export function DayPicker({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label="Day"
        value={dayjs(value)}
        format="MM/DD/YYYY"
        onChange={(picked) => {
          if (picked?.isValid()) onChange(picked.format('YYYY-MM-DD'));
        }}
        slotProps={{ textField: { size: 'small' } }}
      />
    </LocalizationProvider>
  );
}
