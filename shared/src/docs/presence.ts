import { z } from 'zod';

/**
 * What one tab tells everyone else on a store's inbox document through awareness: who it is, the
 * conversation on its screen and the one it is typing a reply in. Awareness is never stored, so
 * none of this outlives the connection. Other clients write these states, so every reader parses
 * them like any other outside input; the sync server removes a state that names someone other
 * than the connection's user.
 */
export const presenceStateSchema = z.object({
  user: z.object({ id: z.number().int().positive(), name: z.string().max(200) }),
  /** The conversation open on this tab's screen. */
  viewing: z.number().int().positive().nullable(),
  /** The conversation whose composer this tab is typing in (cleared a few seconds after the last key). */
  typing: z.number().int().positive().nullable(),
});
export type PresenceState = z.infer<typeof presenceStateSchema>;

/** The name presence shows for a user: first and last name, else the username. */
export function presenceName(user: { firstName: string; lastName: string; username: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.username;
}
