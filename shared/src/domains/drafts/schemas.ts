import { z } from 'zod';
import { SEND_MESSAGE_TYPES } from '../conversations/messages';

/**
 * The composer's draft of one conversation, as the user left it on one of their devices: what
 * `GET/PUT /api/drafts` answer with, and what the composer keeps offline until it is stored.
 */
export const draftSchema = z.object({
  futureServiceInteractionId: z.number().int().positive(),
  channel: z.enum(SEND_MESSAGE_TYPES),
  subject: z.string().nullable(),
  content: z.string(),
  /** The id the message will be sent with: one draft is at most one message, from any device. */
  clientMessageId: z.uuid(),
  /** ISO time of the edit this draft holds; the later edit wins. */
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/** Body of `PUT /api/drafts`. Empty content and subject clear the draft. */
export const saveDraftSchema = z.object({
  futureServiceInteractionId: z.coerce.number().int().positive(),
  channel: z.enum(SEND_MESSAGE_TYPES),
  subject: z.string().max(998).nullish(),
  content: z.string().max(100_000),
  clientMessageId: z.uuid(),
  /**
   * When the user made this edit on their device (ISO-8601 with offset). A device that was offline
   * for an hour must not overwrite what the user typed since on another one; without it the
   * server's arrival time is used. Times ahead of the server's clock count as now.
   */
  updatedAt: z.iso.datetime({ offset: true }).optional(),
});
export type SaveDraft = z.infer<typeof saveDraftSchema>;

/** `GET /api/drafts`: the draft, or null when there is none (or its message was sent). */
export const draftResponseSchema = z.object({ draft: draftSchema.nullable() });

/** `PUT /api/drafts`: whether this write won, and the draft that is now current. */
export const saveDraftResponseSchema = z.object({ applied: z.boolean(), draft: draftSchema.nullable() });
export type DraftResponse = z.infer<typeof draftResponseSchema>;
export type SaveDraftResponse = z.infer<typeof saveDraftResponseSchema>;
