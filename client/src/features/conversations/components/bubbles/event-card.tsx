import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type EventCardProps = {
  icon: ReactNode;
  heading: string;
  time: string;
  archived: boolean;
  options: ReactNode;
  children: ReactNode;
};

/** The frame of the thread's non-chat items (tasks, invites, calendar, calls), centred. */
export function EventCard({ icon, heading, time, archived, options, children }: EventCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper
        variant="outlined"
        sx={{ width: { xs: '100%', md: '80%' }, px: 1.5, py: 1, bgcolor: archived ? 'grey.100' : 'background.paper', color: archived ? 'text.secondary' : 'inherit' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
          {icon}
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {heading}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {time}
          </Typography>
          {options}
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}

/** One "Label: value" line of a card. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="div">
      <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
        {label}:
      </Box>
      {children}
    </Typography>
  );
}
