import { useState } from 'react';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TuneIcon from '@mui/icons-material/Tune';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { customerPagePath, formatPhoneDisplay } from '@drivebay/shared';
import { initialsOf, typingText, type PresencePeer } from '../../../lib/collab';
import type { Interaction } from '../api';
import type { ConversationAssistant } from './assistant-slot';
import { CloseConversationButton } from './closed-state';

type Props = {
  interaction: Interaction;
  customerName: string;
  onAiChanged: (aiEnabled: boolean) => void;
  assistant: ConversationAssistant;
  /** The assistant options (handoffs, Date Time Dialogue, workflow), for users allowed them. */
  assistantOptions: boolean;
  /** The customer's latest message, the Date Time Dialogue's default Last Message. */
  latestCustomerText: string | null;
  /** The last text to the customer failed: the Date Time Dialogue is not offered. */
  lastTextFailed: boolean;
  /** A control changed the conversation on the server: fetch it again. */
  onChanged: () => void;
  /** The conversation was closed here (it then shows as closed with a way to reopen it). */
  onClosedChanged: (convClosed: boolean) => void;
  /** On narrow screens the list and the conversation take turns; this goes back to the list. */
  onBack?: () => void;
  /** Colleagues with this conversation open, and those typing in it. */
  viewers: readonly PresencePeer[];
  typing: readonly PresencePeer[];
};

/** Who the conversation is with, their vehicle, the store's zone and the assistant switch. */
export function ConversationHeader({ interaction, customerName, onAiChanged, assistant, assistantOptions, latestCustomerText, lastTextFailed, onChanged, onClosedChanged, onBack, viewers, typing }: Props) {
  const [optionsAnchor, setOptionsAnchor] = useState<HTMLElement | null>(null);
  const { customerMaster: customer, serviceVehicle: vehicle, storeMaster: store } = interaction;
  const vehicleText = vehicle ? [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') : '';
  const zone = store.officeMasterVO?.timezoneDisplay || store.officeMasterVO?.officeTimeZone || '';

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', rowGap: 1 }}>
      {onBack ? (
        <IconButton aria-label="Back to conversations" onClick={onBack} edge="start">
          <ArrowBackIcon />
        </IconButton>
      ) : null}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="h6" component="h2" noWrap>
          {/* The name leads to the customer's page: vehicles, every conversation, repair orders, appointments. */}
          <Link
            component={RouterLink}
            to={customerPagePath({ bocId: interaction.companyId, storeId: store.id, customerId: customer.id })}
            color="inherit"
            underline="hover"
            aria-label={`${customerName}: customer page`}
          >
            {customerName}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[formatPhoneDisplay(customer.cellular), vehicleText, store.store_name, zone && `Times in ${zone}`].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="caption" color="secondary" component="div" aria-live="polite" data-testid="typing-indicator" sx={{ minHeight: 18 }}>
          {typingText(typing)}
        </Typography>
      </Box>
      {viewers.length > 0 ? (
        <AvatarGroup max={4} data-testid="conversation-viewers" sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 12 } }}>
          {viewers.map((p) => (
            <Tooltip key={p.userId} title={`${p.name} ${typing.includes(p) ? 'is typing' : 'has this conversation open'}`}>
              <Avatar alt={p.name} sx={{ bgcolor: 'secondary.main' }}>
                {initialsOf(p.name)}
              </Avatar>
            </Tooltip>
          ))}
        </AvatarGroup>
      ) : null}
      {customer.blockSms ? <Chip size="small" color="warning" label="Opted out of SMS" /> : null}
      {assistant.aiSwitch({ interaction, onChanged: onAiChanged })}
      {interaction.convClosed ? null : <CloseConversationButton interactionId={interaction.id} onChanged={onClosedChanged} />}
      {assistantOptions ? (
        <>
          <Button startIcon={<TuneIcon />} onClick={(e) => setOptionsAnchor(e.currentTarget)} aria-haspopup="dialog">
            Options
          </Button>
          <Popover
            open={optionsAnchor !== null}
            anchorEl={optionsAnchor}
            onClose={() => setOptionsAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <Stack sx={{ p: 2, width: 420, maxWidth: '95vw' }} spacing={1.5} role="dialog" aria-label="Options">
              <Typography variant="subtitle1">Assistant options</Typography>
              {assistant.options({ interaction, latestCustomerText, lastTextFailed, onChanged })}
            </Stack>
          </Popover>
        </>
      ) : null}
    </Stack>
  );
}
