import { describe, expect, it } from 'vitest';
import { initialsOf, parsePresence, peersIn, typingText } from './presence';

const state = (id: number, name: string, viewing: number | null, typing: number | null) => ({ user: { id, name }, viewing, typing });

describe('parsePresence', () => {
  it('folds every tab of a person into one entry, sorted by name, without the reader', () => {
    const states = new Map<number, unknown>([
      [11, state(2, 'Sam Lee', 40, null)],
      [12, state(1, 'Olivia Martinez', 41, 41)],
      [13, state(1, 'Olivia Martinez', 40, null)],
      [14, state(3, 'Me Myself', 40, 40)],
    ]);
    expect(parsePresence(states, 3)).toEqual([
      { userId: 1, name: 'Olivia Martinez', viewing: [40, 41], typing: [41] },
      { userId: 2, name: 'Sam Lee', viewing: [40], typing: [] },
    ]);
  });

  it('ignores empty and malformed states written by other clients', () => {
    const states = new Map<number, unknown>([
      [1, {}],
      [2, { user: { id: 'x', name: 'Bad' }, viewing: 1, typing: null }],
      [3, { user: { id: 4, name: 'No fields' } }],
      [4, state(5, 'Fine', null, null)],
    ]);
    expect(parsePresence(states)).toEqual([{ userId: 5, name: 'Fine', viewing: [], typing: [] }]);
  });
});

describe('presence text', () => {
  const peers = parsePresence(
    new Map<number, unknown>([
      [1, state(1, 'Olivia Martinez', 9, 9)],
      [2, state(2, 'Sam Lee', 9, 9)],
      [3, state(3, 'Ava Reyes', 9, 9)],
      [4, state(4, 'Noah Kim', 8, null)],
    ]),
  );

  it('names who views and who types in a conversation', () => {
    expect(peersIn(peers, 9).viewing.map((p) => p.userId)).toEqual([3, 1, 2]);
    expect(peersIn(peers, 8)).toEqual({ viewing: [peers.find((p) => p.userId === 4)], typing: [] });
    expect(typingText(peersIn(peers, 8).typing)).toBeNull();
    expect(typingText(peersIn(peers, 9).typing.slice(1, 2))).toBe('Olivia is typing…');
    expect(typingText(peersIn(peers, 9).typing.slice(1))).toBe('Olivia and Sam are typing…');
    expect(typingText(peersIn(peers, 9).typing)).toBe('Ava and 2 others are typing…');
  });

  it('makes initials', () => {
    expect(initialsOf('Olivia Martinez')).toBe('OM');
    expect(initialsOf('Olivia de la Cruz')).toBe('OC');
    expect(initialsOf('cher')).toBe('CH');
    expect(initialsOf('  ')).toBe('?');
  });
});
