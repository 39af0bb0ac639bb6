import Chip from '@mui/material/Chip';

/** The orange badge naming who wrote a customer message or a note. */
export function SenderBadge({ name }: { name: string }) {
  return (
    <Chip
      size="small"
      label={name}
      sx={{ bgcolor: '#ed6c02', color: '#fff', height: 20, fontSize: 12, fontWeight: 600, maxWidth: 200 }}
    />
  );
}
