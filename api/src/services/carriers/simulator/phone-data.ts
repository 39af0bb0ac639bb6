import type { Sql } from '../../../db/database';

/** Store numbers the simulator serves: every assistant number of a store without its own account. */
export async function simulatedNumbers(sql: Sql): Promise<{ storeId: number; storeName: string; number: string }[]> {
  return sql<{ storeId: number; storeName: string; number: string }[]>`
    select s.id as store_id, s.store_name, a.agent_phone_number as number
    from assistant a join store s on s.id = a.store_id
    where a.agent_phone_number is not null and (s.twilio_account_sid is null or s.twilio_auth_token is null)
    order by s.id, a.id`;
}

/** Customer numbers that recently texted with a store number, to pick from on the phone page. */
export async function recentCustomerNumbers(sql: Sql, storeNumber: string, limit = 30): Promise<string[]> {
  const rows = await sql<{ number: string }[]>`
    select c.cellular as number
    from assistant a
    join future_service_interaction f on f.store_id = a.store_id
    join customer c on c.id = f.customer_id
    where a.agent_phone_number = ${storeNumber} and c.cellular is not null
    group by c.cellular
    order by max(coalesce(f.last_message_received_date, f.created_on)) desc
    limit ${limit}`;
  return rows.map((r) => r.number);
}

export type PhoneThreadItem = { id: number; content: string; fromCustomer: boolean; status: string | null; createdOn: string };

/** What the customer's phone shows: the SMS exchanged between the two numbers, oldest first. */
export async function phoneThread(sql: Sql, storeNumber: string, customerNumber: string, limit = 100): Promise<PhoneThreadItem[]> {
  const rows = await sql<{ id: number; content: string; direction: string; messageStatus: string | null; createdOn: Date }[]>`
    select * from (
      select m.id, m.content, m.direction, m.message_status, m.created_on
      from message_instance m
      where m.message_type = 'SMS'
        -- A phone only ever holds what reached it: nothing filtered, undelivered or still on its way.
        and (m.direction = 'RECEIVED' or m.message_status in ('delivered', 'read'))
        and ((m.from_address = ${customerNumber} and m.to_address = ${storeNumber})
          or (m.from_address = ${storeNumber} and m.to_address = ${customerNumber}))
      order by m.created_on desc, m.id desc
      limit ${limit}) t
    order by created_on, id`;
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    fromCustomer: r.direction === 'RECEIVED',
    status: r.messageStatus,
    createdOn: r.createdOn.toISOString(),
  }));
}
