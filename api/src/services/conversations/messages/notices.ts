import type { NotificationType } from '@drivebay/shared';
import type { MessageTx } from './inbox-changes';
import { insertMessages } from './write-message';

/**
 * A notice for the store's people in the conversation (a handoff bubble, a user invite): sent,
 * internal and already read, since nobody needs to answer it.
 */
export type Notification = {
  interactionId: number;
  storeId: number;
  customerId: number | null;
  content: string;
  notificationType: NotificationType;
  title?: string | null;
  fromName: string | null;
  toName: string | null;
  messageSentBy: string;
  sentByUserId?: number | null;
  doerProxyUserId?: number | null;
};

export async function writeNotification(m: MessageTx, n: Notification): Promise<number> {
  const [id] = await insertMessages(m.tx, [
    {
      futureServiceInteractionId: n.interactionId, storeId: n.storeId, customerId: n.customerId, content: n.content, fromName: n.fromName,
      toName: n.toName, direction: 'SENT', messageType: 'INTERNAL', notificationType: n.notificationType, title: n.title,
      messageSentBy: n.messageSentBy, sentByUserId: n.sentByUserId, doerProxyUserId: n.doerProxyUserId, readStatus: true,
    },
  ]);
  m.changes.add(n.storeId, n.interactionId);
  return id!;
}

/** The calendar card of an appointment in the conversation (a service booking, a sales appointment). */
export type CalendarCard = {
  interactionId: number;
  storeId: number;
  customerId: number | null;
  content: string;
  subject?: string | null;
  title: string;
  fromAddress?: string | null;
  fromName: string;
  toAddress: string | null;
  toName: string | null;
  startTime: Date;
  appointmentId?: number | null;
  messageSentBy: string;
  sentByUserId?: number | null;
  doerProxyUserId?: number | null;
};

export async function writeCalendarCard(m: MessageTx, c: CalendarCard): Promise<number> {
  const [id] = await insertMessages(m.tx, [
    {
      futureServiceInteractionId: c.interactionId, storeId: c.storeId, customerId: c.customerId, content: c.content, subject: c.subject,
      title: c.title, fromAddress: c.fromAddress, fromName: c.fromName, toAddress: c.toAddress, toName: c.toName, direction: 'SENT',
      messageType: 'CALENDAR_INVITE', notificationType: 'SCHEDULE_APPOINTMENT', startTime: c.startTime, appointmentId: c.appointmentId,
      messageSentBy: c.messageSentBy, sentByUserId: c.sentByUserId, doerProxyUserId: c.doerProxyUserId, readStatus: true,
    },
  ]);
  m.changes.add(c.storeId, c.interactionId);
  return id!;
}
