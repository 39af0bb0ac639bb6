import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { SERVICE_TYPES, monthRange, reportMonthLabel, serviceTypeLabel, type Boc, type ReportFilter, type Store } from '@drivebay/shared';

/** What the filter bar holds; every report page sends it as the body of its call. */
export type ReportFilterState = {
  bocIds: number[];
  storeIds: number[];
  serviceTypes: string[];
  startDate: string;
  endDate: string;
};

/** The report body for a filter: the chosen stores, or every store of the chosen BOCs. */
export function filterBody(enterpriseId: number, f: ReportFilterState, stores: Store[]): ReportFilter {
  const storeIds = f.storeIds.length ? f.storeIds : stores.filter((s) => !f.bocIds.length || f.bocIds.includes(s.bocMaster.id)).map((s) => s.id);
  return {
    enterpriseId,
    storeIds,
    startDate: f.startDate,
    endDate: f.endDate,
    ...(f.serviceTypes.length ? { serviceTypes: f.serviceTypes as ReportFilter['serviceTypes'] } : {}),
    ...(enterpriseId === 1 || enterpriseId === 4 ? { demoFlag: true } : {}),
  };
}

type Props = {
  value: ReportFilterState;
  onChange: (next: ReportFilterState) => void;
  bocs: Boc[];
  stores: Store[];
  /** Status reports default to one service type; say so in the placeholder. */
  serviceTypePlaceholder?: string;
};

/** The last `n` months as YYYY-MM, this month first (UTC). */
function lastMonths(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

const day = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : null);

/** BOC, store, service type and date filters of every report page; wraps on a tablet. */
export function ReportFilters({ value, onChange, bocs, stores, serviceTypePlaceholder = 'All service types' }: Props) {
  const visibleStores = useMemo(() => stores.filter((s) => !value.bocIds.length || value.bocIds.includes(s.bocMaster.id)), [stores, value.bocIds]);
  const recentMonths = useMemo(() => lastMonths(new Date(), 13), []);
  const asMonth = value.startDate.slice(0, 7);
  const [y, m] = asMonth.split('-').map(Number);
  const isWholeMonth = !!y && !!m && monthRange(y, m).startDate === value.startDate && monthRange(y, m).endDate === value.endDate;
  const monthValue = isWholeMonth && recentMonths.includes(asMonth) ? asMonth : '';
  return (
    <Paper component="section" aria-label="Report filters" variant="outlined" sx={{ p: 1.5, mb: 2 }}>
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Autocomplete
            multiple
            size="small"
            sx={{ minWidth: 200, flex: '1 1 200px' }}
            options={bocs}
            getOptionLabel={(b) => b.bocName}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={bocs.filter((b) => value.bocIds.includes(b.id))}
            onChange={(_e, picked) => onChange({ ...value, bocIds: picked.map((b) => b.id), storeIds: [] })}
            renderInput={(params) => <TextField {...params} label="BOC" placeholder={value.bocIds.length ? '' : 'All BOCs'} />}
          />
          <Autocomplete
            multiple
            size="small"
            sx={{ minWidth: 220, flex: '1 1 220px' }}
            options={visibleStores}
            getOptionLabel={(s) => s.storeName}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={visibleStores.filter((s) => value.storeIds.includes(s.id))}
            onChange={(_e, picked) => onChange({ ...value, storeIds: picked.map((s) => s.id) })}
            renderInput={(params) => <TextField {...params} label="Store" placeholder={value.storeIds.length ? '' : 'All stores'} />}
          />
          <Autocomplete
            multiple
            size="small"
            sx={{ minWidth: 220, flex: '1 1 220px' }}
            options={[...SERVICE_TYPES]}
            getOptionLabel={serviceTypeLabel}
            value={value.serviceTypes as (typeof SERVICE_TYPES)[number][]}
            onChange={(_e, picked) => onChange({ ...value, serviceTypes: picked })}
            renderInput={(params) => <TextField {...params} label="Service type" placeholder={value.serviceTypes.length ? '' : serviceTypePlaceholder} />}
          />
          <TextField
            select
            size="small"
            label="Month"
            value={monthValue}
            onChange={(e) => {
              const [y, m] = e.target.value.split('-').map(Number);
              if (y && m) onChange({ ...value, ...monthRange(y, m) });
            }}
            sx={{ width: 160 }}
          >
            <MenuItem value="" disabled>
              Custom days
            </MenuItem>
            {recentMonths.map((m) => (
              <MenuItem key={m} value={m}>
                {reportMonthLabel(m)}
              </MenuItem>
            ))}
          </TextField>
          <DatePicker
            label="From"
            value={dayjs(value.startDate)}
            format="MM/DD/YYYY"
            maxDate={dayjs(value.endDate)}
            onChange={(d) => {
              const v = day(d);
              if (v) onChange({ ...value, startDate: v });
            }}
            slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
          />
          <DatePicker
            label="To"
            value={dayjs(value.endDate)}
            format="MM/DD/YYYY"
            minDate={dayjs(value.startDate)}
            onChange={(d) => {
              const v = day(d);
              if (v) onChange({ ...value, endDate: v });
            }}
            slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
          />
        </Stack>
      </LocalizationProvider>
    </Paper>
  );
}
