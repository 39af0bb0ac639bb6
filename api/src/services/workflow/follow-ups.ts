import { randomUUID } from 'node:crypto';
import { FOLLOW_UP_PLANS, USER_FOLLOWUP_DELAY_HOURS, type FollowUp, type FollowUpCode, type ServiceType, type UserFollowup } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { holdInOutbox, lastCustomerMessageAt, outreachHold } from '../assistant-loop/outreach';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { inMessageTx, writeAssistantReply, writeOutbound } from '../conversations/messages';
import type { InboxNotifier } from '../conversations/notifier';
import { isOptedOut } from '../conversations/opt-out';
import type { OutboxWaker } from '../conversations/deps';
import { followUpText } from './follow-up-texts';
import { storeSender } from './sender';

export type FollowUpDeps = { sql: Sql; notifier: InboxNotifier; outbox?: OutboxWaker | undefined };

type FollowUpRow = Omit<FollowUp, 'dueOn'> & { dueOn: Date };
const toWire = (r: FollowUpRow): FollowUp => ({ ...r, dueOn: r.dueOn.toISOString() });
const columns = (sql: Sql) => sql`id, future_service_interaction_id, followup_type, due_on, status, outcome, message_instance_id as message_id`;

/**
 * Schedules a follow-up of a code for a conversation, due after the code's delay. Asking again
 * while one of that code waits answers the waiting one: a follow-up is never planned twice.
 */
export async function scheduleFollowUp(
  deps: FollowUpDeps,
  user: SessionUser | null,
  o: { interactionId: number; code: FollowUpCode | 'USER'; dueOn?: Date; field?: string },
): Promise<FollowUp> {
  const f = user
    ? await loadInteractionForUser(deps.sql, user, o.interactionId, o.field ?? 'query.future-service-interaction-id')
    : (await deps.sql<{ id: number; storeId: number }[]>`select id, store_id from future_service_interaction where id = ${o.interactionId}`)[0]!;
  const dueOn = o.dueOn ?? new Date(Date.now() + (o.code === 'USER' ? 0 : FOLLOW_UP_PLANS[o.code].delayHours) * 3_600_000);
  const [row] = await deps.sql<FollowUpRow[]>`
    with ins as (
      insert into lead_follow_up (future_service_interaction_id, store_id, followup_type, due_on, created_by)
      values (${f.id}, ${f.storeId}, ${o.code}, ${dueOn}, ${user?.userId ?? null})
      on conflict (future_service_interaction_id, followup_type) where status = 'PENDING' do nothing
      returning ${columns(deps.sql)})
    select * from ins
    union all
    select ${columns(deps.sql)} from lead_follow_up
    where future_service_interaction_id = ${f.id} and followup_type = ${o.code} and status = 'PENDING' and not exists (select 1 from ins)`;
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return toWire(row!);
}

/** The follow-ups of a conversation, newest first. */
export async function listFollowUps(sql: Sql, user: SessionUser, interactionId: number): Promise<FollowUp[]> {
  const f = await loadInteractionForUser(sql, user, interactionId, 'query.future-service-interaction-id');
  const rows = await sql<FollowUpRow[]>`select ${columns(sql)} from lead_follow_up where future_service_interaction_id = ${f.id} order by id desc limit 100`;
  return rows.map(toWire);
}

/**
 * Sets a lead's userFollowup. A value with a delay plans the one 'USER' follow-up for then
 * (replacing a waiting one); null or inProgress cancels it.
 */
export async function setUserFollowup(deps: FollowUpDeps, user: SessionUser, o: { interactionId: number; userFollowup: UserFollowup | null }) {
  const f = await loadInteractionForUser(deps.sql, user, o.interactionId, 'body.futureServiceInteractionId');
  await deps.sql`update future_service_interaction set user_followup = ${o.userFollowup}, updated_on = now() where id = ${f.id}`;
  await deps.sql`update lead_follow_up set status = 'CANCELLED', outcome = 'Replaced', done_on = now()
    where future_service_interaction_id = ${f.id} and followup_type = 'USER' and status = 'PENDING'`;
  const hours = o.userFollowup ? USER_FOLLOWUP_DELAY_HOURS[o.userFollowup] : null;
  const followUp = hours === null ? null : await scheduleFollowUp(deps, null, { interactionId: f.id, code: 'USER', dueOn: new Date(Date.now() + hours * 3_600_000) });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { futureServiceInteractionId: f.id, userFollowup: o.userFollowup, followUp };
}

type Due = {
  id: number; interactionId: number; storeId: number; divisionId: string; code: FollowUpCode | 'USER'; convClosed: boolean;
  customerId: number; firstName: string; lastName: string; cellular: string | null; email: string | null; storeName: string;
  zone: string; serviceType: ServiceType;
};

/**
 * Sends the follow-ups due by `now`, each at most once: taken with `skip locked` so two workers
 * never take the same one, written through the message writer and queued in the outbox (which
 * checks opt-out and quiet hours again when it sends). An opted-out customer, a closed
 * conversation or a missing address skips the follow-up and says why.
 */
export async function sendDueFollowUps(deps: FollowUpDeps, o: { now?: Date; limit?: number } = {}): Promise<{ sent: number; skipped: number }> {
  const now = o.now ?? new Date();
  let sent = 0;
  let skipped = 0;
  const due = await deps.sql<Due[]>`
    select u.id, u.future_service_interaction_id as interaction_id, u.store_id, f.division_id, u.followup_type as code, f.conv_closed,
      c.id as customer_id, c.first_name, c.last_name, c.cellular, c.email, s.store_name, s.office_time_zone as zone, f.service_type
    from lead_follow_up u
    join future_service_interaction f on f.id = u.future_service_interaction_id
    join customer c on c.id = f.customer_id join store s on s.id = u.store_id
    where u.status = 'PENDING' and u.due_on <= ${now}
    order by u.due_on, u.id limit ${o.limit ?? 100}`;
  for (const d of due) {
    const outcome = await sendOne(deps, d, now);
    if (outcome === 'SENT') sent++;
    else skipped++;
  }
  if (sent) deps.outbox?.wake();
  return { sent, skipped };
}

async function sendOne(deps: FollowUpDeps, d: Due, now: Date): Promise<string> {
  return inMessageTx(deps, async (m) => {
    const [claimed] = await m.tx<{ id: number }[]>`select id from lead_follow_up where id = ${d.id} and status = 'PENDING' for update skip locked`;
    if (!claimed) return 'TAKEN';
    const finish = async (status: 'SENT' | 'SKIPPED' | 'CANCELLED', outcome: string, messageId: number | null = null) => {
      await m.tx`update lead_follow_up set status = ${status}, outcome = ${outcome}, message_instance_id = ${messageId}, done_on = ${now} where id = ${d.id}`;
      return status;
    };
    if (d.convClosed) return finish('CANCELLED', 'Conversation closed');
    const channel = d.code === 'USER' ? 'SMS' : FOLLOW_UP_PLANS[d.code].channel;
    const sender = await storeSender(m.tx, d.storeId, d.divisionId);
    const text = followUpText(d.code, { firstName: d.firstName, storeName: d.storeName, serviceType: d.serviceType });
    const toName = `${d.firstName} ${d.lastName}`.trim();
    if (channel === 'EMAIL') {
      if (!d.email || !sender?.email) return finish('SKIPPED', d.email ? 'No sending address' : 'No e-mail address');
      const w = await writeOutbound(m, {
        interactionId: d.interactionId, storeId: d.storeId, customerId: d.customerId, messageType: 'EMAIL', notificationType: 'MESSAGE_TO_CUSTOMER',
        content: text.body, subject: text.subject, from: sender.email, fromName: sender.name, to: d.email, toName, mediaUrls: [], startTime: null,
        clientMessageId: randomUUID(), sentByUserId: null, messageSentBy: 'AI',
      });
      return finish('SENT', 'Queued', w.id);
    }
    if (!d.cellular) return finish('SKIPPED', 'No mobile number');
    if (await isOptedOut(m.tx, { storeId: d.storeId, customerId: d.customerId, phone: d.cellular })) return finish('SKIPPED', 'Opted out');
    if (!sender?.phone) return finish('SKIPPED', 'No sending number');
    const w = await writeAssistantReply(m, {
      interactionId: d.interactionId, storeId: d.storeId, customerId: d.customerId, content: text.body, from: sender.phone, fromName: sender.name,
      to: d.cellular, toName, clientMessageId: randomUUID(),
    });
    const hold = outreachHold({ now, zone: d.zone, lastCustomerMessageAt: await lastCustomerMessageAt(m.tx, d.customerId) });
    if (hold) await holdInOutbox(m.tx, w.id, hold);
    return finish('SENT', hold ? `Queued, held for quiet hours until ${hold.toISOString()}` : 'Queued', w.id);
  });
}
