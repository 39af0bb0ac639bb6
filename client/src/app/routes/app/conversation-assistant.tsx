import { AiSwitch, AssistantOptions, DtDialogueDialog, IntentActionDialog, LogModeControl, setLogMode, ShowIntentsDialog } from '../../../features/assistant';
import type { AssistantDialogProps, ConversationAssistant } from '../../../features/conversations';

function MessageDialog({ kind, interaction, message, timeZone, onClose, onChanged }: AssistantDialogProps) {
  switch (kind) {
    case 'SHOW_INTENTS':
      return <ShowIntentsDialog interactionId={interaction.id} messageId={message.id} timeZone={timeZone} onClose={onClose} />;
    case 'ACTION_INTENTS':
    case 'DEFAULT_ACTION_INTENTS':
      return (
        <IntentActionDialog
          mode={kind === 'ACTION_INTENTS' ? 'ACTION' : 'DEFAULT'}
          interactionId={interaction.id}
          messageId={message.id}
          onClose={onClose}
          onDone={() => {
            onClose();
            onChanged();
          }}
        />
      );
    case 'DT':
      return (
        <DtDialogueDialog
          interactionId={interaction.id}
          messageText={message.content}
          manualBooking={interaction.manualBooking === true}
          onClose={onClose}
          onChanged={onChanged}
        />
      );
  }
}

/**
 * Where the conversations and assistant features meet: the assistant's controls in the shape the
 * conversation pane asks for. A module constant, so the memoised thread items keep their props.
 */
export const conversationAssistant: ConversationAssistant = {
  aiSwitch: ({ interaction, onChanged }) => <AiSwitch interactionId={interaction.id} aiEnabled={interaction.aiEnabled} onChanged={onChanged} />,
  options: ({ interaction, latestCustomerText, lastTextFailed, onChanged }) => (
    <AssistantOptions
      interactionId={interaction.id}
      dtDialogEnabled={interaction.dtDialogEnabled === true}
      manualBooking={interaction.manualBooking === true}
      latestCustomerText={latestCustomerText}
      lastTextFailed={lastTextFailed}
      onChanged={onChanged}
    />
  ),
  messageDialog: (props) => <MessageDialog {...props} />,
  logModeControl: ({ message, loggedReply, onVerdict }) => <LogModeControl message={message} loggedReply={loggedReply} onVerdict={onVerdict} />,
  setLogMode,
};
