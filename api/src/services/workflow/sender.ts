import type { Sql } from '../../db/database';

/** Who a store's automatic texts and e-mails come from: the division's initializing assistant. */
export type Sender = { phone: string | null; email: string | null; name: string };

export async function storeSender(sql: Sql, storeId: number, divisionId: string): Promise<Sender | null> {
  const [a] = await sql<{ agentPhoneNumber: string | null; agentEmail: string | null; agentFirstName: string; agentLastName: string }[]>`
    select agent_phone_number, agent_email, agent_first_name, agent_last_name from assistant
    where store_id = ${storeId} and division_id = ${divisionId} and initializer_process_enabled`;
  return a ? { phone: a.agentPhoneNumber, email: a.agentEmail, name: `${a.agentFirstName} ${a.agentLastName}`.trim() } : null;
}
