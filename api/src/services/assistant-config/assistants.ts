import { AppError, toE164, type AdminAssistant, assistantInputSchema } from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from '../admin/audit';
import { requireStore } from '../admin/guard';

const SELECT = (sql: Sql) => sql`select id, store_id, division_id, agent_first_name, agent_last_name, agent_email, agent_phone_number,
  initializer_process_enabled, is_fully_aiva from assistant`;

export async function listAssistants(sql: Sql, user: SessionUser, storeId: number): Promise<AdminAssistant[]> {
  await requireStore(sql, user, 'ASSISTANT_CONFIGURE', storeId);
  return sql<AdminAssistant[]>`${SELECT(sql)} where store_id = ${storeId} order by division_id, id`;
}

type Input = z.output<typeof assistantInputSchema>;

async function write(sql: Sql, user: SessionUser, id: number | null, input: Input): Promise<AdminAssistant> {
  const place = await requireStore(sql, user, 'ASSISTANT_CONFIGURE', input.storeId);
  const phone = input.agentPhoneNumber ? toE164(input.agentPhoneNumber) : null;
  const newId = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    let before: AdminAssistant | undefined;
    if (id !== null) {
      [before] = await tx<AdminAssistant[]>`${SELECT(tx)} where id = ${id}`;
      if (!before || before.storeId !== input.storeId) throw new AppError('NOT_FOUND', `Assistant ${id} does not exist`, [{ field: 'assistantId', message: 'unknown assistant' }]);
    }
    // One sender per store and division: choosing this one as the sender unsets the others.
    if (input.initializerProcessEnabled) {
      await tx`update assistant set initializer_process_enabled = false where store_id = ${input.storeId} and division_id = ${input.divisionId} and id <> ${id ?? 0}`;
    }
    await tx`insert into division (store_id, division_id) values (${input.storeId}, ${input.divisionId}) on conflict do nothing`;
    const values = {
      store_id: input.storeId, division_id: input.divisionId, agent_first_name: input.agentFirstName, agent_last_name: input.agentLastName,
      agent_email: input.agentEmail, agent_phone_number: phone, initializer_process_enabled: input.initializerProcessEnabled, is_fully_aiva: input.isFullyAiva,
    };
    const [row] = await (id === null ? tx<{ id: number }[]>`insert into assistant ${tx(values)} returning id` : tx<{ id: number }[]>`update assistant set ${tx(values)} where id = ${id} returning id`).catch((e) => {
      if ((e as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'Another assistant already texts from this number', [{ field: 'body.agentPhoneNumber', message: 'in use' }]);
      throw e;
    });
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: id === null ? 'CREATE' : 'UPDATE', entity: 'assistant', entityId: row!.id, before: before ?? null, after: { ...input, agentPhoneNumber: phone } });
    return row!.id;
  });
  const [out] = await sql<AdminAssistant[]>`${SELECT(sql)} where id = ${newId}`;
  return out!;
}

export const createAssistant = (sql: Sql, user: SessionUser, input: Input) => write(sql, user, null, input);
export const updateAssistant = (sql: Sql, user: SessionUser, id: number, input: Input) => write(sql, user, id, input);
