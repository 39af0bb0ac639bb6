import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { canSeeMessage, canUseDealRoomOptions, formatPhoneDisplay, isFromCustomer, type MessageOption, type Role, type UserData } from '@drivebay/shared';
import { PageSpinner } from '../../../components/page-spinner';
import { peersIn, useAnnouncePresence, useStorePresence } from '../../../lib/collab';
import { notify } from '../../../lib/notices';
import { archiveMessage, type Interaction, type ThreadMessage } from '../api';
import { sendBody } from '../compose-body';
import { lastTextFailed } from '../last-text';
import { useConversation } from '../hooks/use-conversation';
import { useAcceptedMessages, useConversationOffline, useQueuedMessages, type QueuedMessage } from '../offline-port';
import { Composer } from './composer';
import { ConfirmActionDialog } from '../../../components/confirm-dialog';
import { ConversationHeader } from './conversation-header';
import { ClosedConversationBar } from './closed-state';
import { MessageThread } from './message-thread';
import { LogModeContext, type LogModeHandlers } from './log-mode-context';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import type { AssistantDialogKind, ConversationAssistant } from './assistant-slot';
import type { TemplatesSlot } from './templates-slot';

// The date and time pickers are only needed by super users setting a response time: they load on demand.
const ResponseTimeDialog = lazy(() => import('./response-time-dialog').then((m) => ({ default: m.ResponseTimeDialog })));

export type ConversationViewProps = {
  interactionId: number;
  user: UserData;
  /**
   * Changes whenever the conversation's live inbox row changes (latest message, its delivery
   * status, updatedOn): the thread is then fetched again.
   */
  liveKey: string | null;
  /** Response-time and sender badges (spec §6). */
  showBadges: boolean;
  /** The assistant's switch, options, dialogs and log-mode review, placed by the route module. */
  assistant: ConversationAssistant;
  /** The composer's template picker; without it the composer offers none. */
  templates?: TemplatesSlot;
  onBack?: () => void;
};

export function customerNameOf(interaction: Interaction): string {
  const c = interaction.customerMaster;
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return name || formatPhoneDisplay(c.cellular) || c.email || c.custno || `Customer ${c.id}`;
}

const NOTE_PROBE = { messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES' } as const;

type MessageDialog = { kind: AssistantDialogKind; message: ThreadMessage };

/** The conversation pane: header, live thread (with what waits on this device) and composer. */
export function ConversationView({ interactionId, user, liveKey, showBadges, assistant, templates, onBack }: ConversationViewProps) {
  const conversation = useConversation(interactionId, liveKey);
  const { interaction, messages, patchMessages, patchInteraction, reload } = conversation;
  const roles: readonly Role[] = user.roles;
  const [responseTimeFor, setResponseTimeFor] = useState<number | null>(null);
  const [dialog, setDialog] = useState<MessageDialog | null>(null);
  const [loggedReplies, setLoggedReplies] = useState<ReadonlyMap<number, string>>(() => new Map());
  const offline = useConversationOffline();
  const queued = useQueuedMessages(interactionId);
  const [typing, setTyping] = useState(false);
  const storeId = interaction?.storeMaster.id ?? null;
  const peers = useStorePresence(storeId);
  const here = useMemo(() => peersIn(peers, interactionId), [peers, interactionId]);
  useAnnouncePresence(storeId, interactionId, typing ? interactionId : null);

  const patchMessage = useCallback(
    (id: number, change: Partial<ThreadMessage>) => patchMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change } : m))),
    [patchMessages],
  );

  // Archive after the confirmation; the message turns grey here at once (spec §4).
  const archiving = useConfirmedAction(archiveMessage, { onDone: (id: number) => patchMessage(id, { archived: true }) });
  const askArchive = archiving.ask;

  // Log mode: the message is put in log mode and what the assistant would reply is shown under it.
  const { setLogMode, logModeControl } = assistant;
  const startLogMode = useCallback(
    async (message: ThreadMessage) => {
      try {
        const result = await setLogMode(interactionId, message.id);
        notify({ severity: 'success', message: result.message });
        patchMessage(message.id, { isLogModeToBeSent: true, validLogMode: null });
        setLoggedReplies((map) => new Map(map).set(message.id, result.loggedReply ?? 'nothing (the assistant would not reply)'));
      } catch {
        // The API client has shown the server's answer.
      }
    },
    [interactionId, patchMessage, setLogMode],
  );

  const logMode = useMemo<LogModeHandlers>(
    () => ({
      loggedReplies,
      control: logModeControl,
      onVerdict: async (message, valid) => {
        try {
          const result = await setLogMode(interactionId, message.id, valid);
          notify({ severity: 'success', message: result.message });
          patchMessage(message.id, { isLogModeToBeSent: true, validLogMode: valid });
        } catch {
          // The API client has shown the server's answer.
        }
      },
    }),
    [interactionId, loggedReplies, patchMessage, setLogMode, logModeControl],
  );

  const onOption = useCallback(
    (option: MessageOption, message: ThreadMessage) => {
      switch (option) {
        case 'ARCHIVE':
          askArchive(message.id);
          break;
        case 'SET_RESPONSE_TIME':
          setResponseTimeFor(message.id);
          break;
        case 'LOG_MODE':
          void startLogMode(message);
          break;
        default:
          setDialog({ kind: option, message });
      }
    },
    [startLogMode, askArchive],
  );

  // The server has a message from the outbox: it joins the thread at once, and the reload that
  // follows brings its delivery status along.
  useAcceptedMessages(interactionId, ({ message, notice, ownTab }) => {
    if (ownTab) notify({ severity: 'success', message: notice });
    patchMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
    reload();
  });

  const setClosed = useCallback((convClosed: boolean) => patchInteraction((i) => ({ ...i, convClosed })), [patchInteraction]);
  const onRetry = useCallback((m: QueuedMessage) => void offline.retry(m.clientMessageId), [offline]);
  const onDiscard = useCallback((m: QueuedMessage) => void offline.discard(m.clientMessageId), [offline]);

  if (conversation.failed) return <Alert severity="warning" sx={{ m: 2 }}>This conversation could not be loaded.</Alert>;
  if (!interaction || !messages) return <PageSpinner label="Loading conversation" />;

  const customerName = customerNameOf(interaction);
  const zone = interaction.storeMaster.officeMasterVO;
  const timeZone = zone?.officeTimeZone ?? null;
  const senderName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  const latestCustomerText = messages.findLast((m) => isFromCustomer(m) && !m.archived)?.content ?? null;

  // An edit after a refusal is a new message (new text, new clientMessageId) in the old one's place.
  const onEdit = async (m: QueuedMessage, change: { text: string; subject: string }) => {
    const body = sendBody(interaction, { customerName, senderName }, { channel: m.channel, text: change.text, subject: change.subject, clientMessageId: crypto.randomUUID() });
    await offline.replace(m.clientMessageId, body, change.text);
  };

  return (
    // Header and composer keep their height; the thread between them takes what is left and scrolls.
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }} data-testid="conversation-view" data-interaction-id={interactionId}>
      <ConversationHeader
        interaction={interaction}
        customerName={customerName}
        onBack={onBack}
        onAiChanged={(aiEnabled) => patchInteraction((i) => ({ ...i, aiEnabled }))}
        assistant={assistant}
        assistantOptions={canUseDealRoomOptions(roles)}
        latestCustomerText={latestCustomerText}
        lastTextFailed={lastTextFailed(messages)}
        onChanged={reload}
        onClosedChanged={setClosed}
        viewers={here.viewing}
        typing={here.typing}
      />
      {interaction.convClosed ? <ClosedConversationBar interactionId={interactionId} onChanged={setClosed} /> : null}
      <LogModeContext.Provider value={logMode}>
      <MessageThread
        interactionId={interactionId}
        messages={messages}
        roles={roles}
        timeZone={timeZone}
        customerName={customerName}
        showBadges={showBadges}
        onOption={onOption}
        queued={queued}
        onRetry={onRetry}
        onDiscard={onDiscard}
        onEdit={onEdit}
      />
      </LogModeContext.Provider>
      <Composer
        key={interactionId}
        interaction={interaction}
        customerName={customerName}
        senderName={senderName}
        canSeeNotes={canSeeMessage(roles, NOTE_PROBE)}
        catchingUp={conversation.catchingUp}
        othersTyping={here.typing}
        onTypingChange={setTyping}
        templates={templates}
      />
      <ConfirmActionDialog action={archiving} message="Are you sure want to archive this message?" />
      {dialog
        ? assistant.messageDialog({ kind: dialog.kind, interaction, message: dialog.message, timeZone, onClose: () => setDialog(null), onChanged: reload })
        : null}
      {responseTimeFor !== null ? (
        <Suspense fallback={null}>
          <ResponseTimeDialog
            messageId={responseTimeFor}
            timeZoneLabel={zone?.timezoneDisplay || zone?.officeTimeZone || null}
            onClose={() => setResponseTimeFor(null)}
            onSaved={() => {
              setResponseTimeFor(null);
              reload();
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
