import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import { initialsOf, type PresencePeer } from '../../../lib/collab';

/** Who else has a conversation open (and who is typing in it), as initials on its inbox row. */
export type RowPresence = { viewing: readonly PresencePeer[]; typing: readonly PresencePeer[] };

const MAX_SHOWN = 3;

export function RowPresenceBadges({ presence }: { presence: RowPresence }) {
  const shown = presence.viewing.slice(0, MAX_SHOWN);
  const more = presence.viewing.length - shown.length;
  const names = presence.viewing.map((p) => `${p.name}${presence.typing.includes(p) ? ' (typing)' : ''}`).join(', ');
  return (
    <Tooltip title={`Open for ${names}`}>
      <Stack direction="row" spacing={-0.5} sx={{ alignItems: 'center', flexShrink: 0 }} data-testid="row-viewers" aria-label={`Open for ${names}`}>
        {presence.typing.length > 0 ? <EditIcon sx={{ fontSize: 14, mr: 0.75 }} color="secondary" data-testid="row-typing" /> : null}
        {shown.map((p) => (
          <Box
            key={p.userId}
            component="span"
            sx={{
              width: 20,
              height: 20,
              borderRadius: '50%',
              bgcolor: 'secondary.main',
              color: '#fff',
              fontSize: 10,
              fontWeight: 700,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              border: '1.5px solid #fff',
            }}
          >
            {initialsOf(p.name)}
          </Box>
        ))}
        {more > 0 ? (
          <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', pl: 1 }}>
            +{more}
          </Box>
        ) : null}
      </Stack>
    </Tooltip>
  );
}
