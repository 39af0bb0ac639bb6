import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import type { Meeting } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import type { QueryValue } from '../../../lib/api-client';
import { formatInTimeZone } from '../../../lib/dates';
import { getMeeting } from '../api';
import { LinkProblem } from './link-problem';
import { PublicShell } from './public-shell';

/** The query of a /landing link (spec §2) plus its token. */
const FIELDS = ['landingpage', 'companyId', 'officeId', 'divisionId', 'contactId', 'messageId', 'userMasterId', 'type', 'token'] as const;

const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/** An iCalendar file of the meeting, for the host's own calendar. */
export function meetingIcs(m: Meeting): string | null {
  if (!m.startTime || !m.endTime) return null;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Drivebay//Meeting//EN',
    'BEGIN:VEVENT',
    `UID:meeting-${m.messageId}@drivebay`,
    `DTSTAMP:${icsTime(new Date().toISOString())}`,
    `DTSTART:${icsTime(m.startTime)}`,
    `DTEND:${icsTime(m.endTime)}`,
    `SUMMARY:${icsText(`${m.title} with ${m.guest}`)}`,
    `LOCATION:${icsText([m.storeName, m.storeAddress].filter(Boolean).join(', '))}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function download(m: Meeting) {
  const ics = meetingIcs(m);
  if (!ics) return;
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'meeting.ics';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The meeting page: the calendar invite the link names, where and when, and Add to calendar. */
export function MeetingPage({ search }: { search: URLSearchParams }) {
  const [meeting, setMeeting] = useState<Meeting | null>(null);
  const [error, setError] = useState<unknown>(null);
  const key = search.toString();

  useEffect(() => {
    const params = new URLSearchParams(key);
    const query: Record<string, QueryValue> = {};
    for (const f of FIELDS) if (params.has(f)) query[f] = params.get(f);
    const controller = new AbortController();
    getMeeting(query, controller.signal).then(setMeeting, (e: unknown) => {
      if (!controller.signal.aborted) setError(e);
    });
    return () => controller.abort();
  }, [key]);

  const rows: [string, string][] = meeting
    ? [
        ['Subject', meeting.title],
        ['Host', meeting.host],
        ['Guest', meeting.guest],
        ['Time', meeting.startTime ? `${formatInTimeZone(meeting.startTime, meeting.timeZone)} (${meeting.timezoneDisplay})` : 'Not set'],
        ['Where', [meeting.storeName, meeting.storeAddress].filter(Boolean).join(', ')],
        ...(meeting.divisionName ? ([['Department', meeting.divisionName]] as [string, string][]) : []),
        ...(meeting.storePhone ? ([['Store phone', meeting.storePhone]] as [string, string][]) : []),
      ]
    : [];

  return (
    <PublicShell title={meeting?.kind ?? 'Meeting'} subtitle={meeting ? meeting.storeName : undefined} maxWidth={560}>
      {error ? <LinkProblem error={error} /> : null}
      {!error && !meeting ? <PageSpinner label="Loading the meeting" /> : null}
      {meeting ? (
        <Stack spacing={2}>
          <Table size="small" aria-label="Meeting">
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 120, border: 0 }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ border: 0 }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {meeting.startTime ? (
            <Button variant="contained" startIcon={<EventAvailableIcon />} onClick={() => download(meeting)} sx={{ alignSelf: 'flex-start' }}>
              Add to calendar
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </PublicShell>
  );
}
