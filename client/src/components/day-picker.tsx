import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { dayToPicker, pickerToDay } from '../lib/picker-value';

/** A small "Day" picker over a YYYY-MM-DD day, shown as MM/DD/YYYY; only valid dates are passed on. */
export function DayPicker({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label="Day"
        value={dayToPicker(value)}
        format="MM/DD/YYYY"
        onChange={(picked) => {
          const day = pickerToDay(picked);
          if (day) onChange(day);
        }}
        slotProps={{ textField: { size: 'small' } }}
      />
    </LocalizationProvider>
  );
}
