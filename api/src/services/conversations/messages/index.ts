// The one writer of message_instance rows: every kind of message is written through here, and
// what a transaction wrote is announced to the inbox after it commits.
export { inboxChanges, inMessageTx, type InboxChanges, type MessageTx } from './inbox-changes';
export {
  writeCustomerResponse,
  writeInboundText,
  writeKnownSenderText,
  writeLeadFormRequest,
  writeOrdinaryTexts,
  type ConversationStart,
  type CustomerResponse,
  type InboundText,
  type KnownSenderText,
  type LeadFormRequest,
  type SenderLookup,
} from './inbound';
export {
  INITIAL_OUTBOUND_STATUS,
  findByClientMessageId,
  writeAssistantReply,
  writeInternalNote,
  writeKeywordReply,
  writeOptOutConfirmation,
  writeOutbound,
  type OutboundDraft,
  type Written,
} from './outbound';
export { writeCalendarCard, writeNotification, type CalendarCard, type Notification } from './notices';
export { writeMessagesInBulk } from './bulk';
export type { MessageRecord } from './write-message';
