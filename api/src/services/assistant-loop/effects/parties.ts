import type { LoopContext } from '../context';

/** Who the assistant's messages are from: its sending assistant, else the store. */
export const senderName = (ctx: LoopContext): string => ctx.sender?.name ?? ctx.store.name;

/** The customer as the assistant's messages address them; null when the record has no name. */
export const customerName = (ctx: LoopContext): string | null => `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim() || null;
