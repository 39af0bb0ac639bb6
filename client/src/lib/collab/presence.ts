import { presenceStateSchema } from '@drivebay/shared/docs';

export type { PresenceState } from '@drivebay/shared/docs';

/** Another person on the document: every tab of theirs folded into one entry. */
export type PresencePeer = {
  userId: number;
  name: string;
  /** Conversations open on any of their tabs. */
  viewing: number[];
  /** Conversations they are typing in on any of their tabs. */
  typing: number[];
};

/**
 * Folds awareness states (client id → state) into one entry per person, leaving out `selfUserId`
 * (this user's own tabs: nobody needs telling they are typing themselves) and anything that does
 * not parse. Sorted by name so avatars do not shuffle as states arrive.
 */
export function parsePresence(states: ReadonlyMap<number, unknown>, selfUserId: number | null = null): PresencePeer[] {
  const byUser = new Map<number, { name: string; viewing: Set<number>; typing: Set<number> }>();
  for (const raw of states.values()) {
    const parsed = presenceStateSchema.safeParse(raw);
    if (!parsed.success || parsed.data.user.id === selfUserId) continue;
    const { user, viewing, typing } = parsed.data;
    const peer = byUser.get(user.id) ?? { name: user.name, viewing: new Set<number>(), typing: new Set<number>() };
    if (viewing !== null) peer.viewing.add(viewing);
    if (typing !== null) peer.typing.add(typing);
    byUser.set(user.id, peer);
  }
  return [...byUser.entries()]
    .map(([userId, p]) => ({ userId, name: p.name, viewing: [...p.viewing].sort((a, b) => a - b), typing: [...p.typing].sort((a, b) => a - b) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}

/** Two letters for an avatar: first and last name's initials, else the first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]!.charAt(0)}${words[words.length - 1]!.charAt(0)}`.toUpperCase();
  return (words[0] ?? '?').slice(0, 2).toUpperCase();
}

/** The peers looking at or typing in one conversation. */
export function peersIn(peers: readonly PresencePeer[], interactionId: number): { viewing: PresencePeer[]; typing: PresencePeer[] } {
  return {
    viewing: peers.filter((p) => p.viewing.includes(interactionId) || p.typing.includes(interactionId)),
    typing: peers.filter((p) => p.typing.includes(interactionId)),
  };
}

/** "Olivia is typing…", "Olivia and Sam are typing…", "Olivia and 2 others are typing…". */
export function typingText(typing: readonly PresencePeer[]): string | null {
  const first = (p: PresencePeer) => p.name.split(/\s+/)[0] || p.name;
  if (typing.length === 0) return null;
  if (typing.length === 1) return `${first(typing[0]!)} is typing…`;
  if (typing.length === 2) return `${first(typing[0]!)} and ${first(typing[1]!)} are typing…`;
  return `${first(typing[0]!)} and ${typing.length - 1} others are typing…`;
}
