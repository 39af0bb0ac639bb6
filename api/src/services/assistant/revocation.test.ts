import { describe, expect, it } from 'vitest';
import { canonical, detectRevocation } from './revocation';

// None of these replies is in a labelled set: they test the detector, not the figures.
describe('detectRevocation', () => {
  it.each([
    'STOP', 'Stop!!!', 'stopp', 'stpo', 'st0p', 'UNSUBSCRIBE', 'unsubscibe', 'unsubscrbe', 'opt out', 'end', 'quit',
    'cancel', 'remove me', 'pls remove my #', 'omg STOP already', 'S T O P', 'u n s u b s c r i b e', 'do not text', 'cancel texts',
  ])('%j (keywords, misspelled or not) revokes', (text) => {
    expect(detectRevocation(text).kind).toBe('revoked');
  });

  it.each([
    'quit txting me', 'stop texing this phone pls', 'can you stop sending me these', 'please stop with the messages',
    'i dont want these msgs', "I don't want your reminders anymore", 'how do i get off this list',
    'how can i make these texts stop', 'get me off ur list', 'take my number off your system please',
    'i no longer wish to receive these', 'I do not consent to these texts',
  ])('%j (indirect, English) revokes', (text) => {
    expect(detectRevocation(text).kind).toBe('revoked');
  });

  it.each([
    'stop f***ing texting me', 'leave me the hell alone', 'STOP TEXTING ME', 'i said stop', 'quit bugging me already',
    'this is spam, stop', 'knock it off with the texts', 'what part of stop dont you understand', 'I need you to STOP',
    'i told u to stop',
  ])('%j (angry or profane) revokes', (text) => {
    expect(detectRevocation(text).kind).toBe('revoked');
  });

  it.each([
    'thanks for checking in but please take me off your list', 'I sold that car so stop texting me',
    'no thanks, and dont message me again', 'I appreciate it but no more reminders please',
  ])('%j (inside a longer reply) revokes', (text) => {
    expect(detectRevocation(text).kind).toBe('revoked');
  });

  it.each([
    'no mas', 'No más mensajes', 'ya no me escriban', 'ya no me manden nada', 'dejen de mandarme mensajes',
    'por favor no me envíen más', 'sáquenme de su lista', 'bórrenme de la lista', 'basta', 'alto', 'no quiero recibir mensajes',
    'stop mandando mensajes', 'no more textos por favor', 'este numero no quiere mensajes',
    'favor de no mandar mas mensajes', 'quitar mi numero', 'stop mandarme mensajes',
  ])('%j (Spanish and mixed) revokes', (text) => {
    expect(detectRevocation(text).kind).toBe('revoked');
  });

  it.each([
    "I'll stop by tuesday", 'can I stop in around 3', 'please dont stop the reminders', "don't stop texting me, I need them",
    'my car makes a noise every time I come to a stop', 'the ac stopped working', 'the brakes wont stop squeaking',
    'cancel my appointment for friday', 'remove the old tires too', 'yes thursday at 3', 'not interested',
    'stop sign knocked my mirror off lol', 'non-stop beeping from the dash', 'should I stop driving it?',
    'can you stop the noise my brakes make', 'no more noise since you fixed it', "brakes are shot, it won't STOP",
    'the car takes forever to STOP', 'the STOP light stays on', 'the check engine light comes on when i stop',
  ])('%j does not revoke', (text) => {
    expect(detectRevocation(text).kind).not.toBe('revoked');
  });

  it.each(['who gave you my number?', 'why do you keep texting me', 'this is harassment', 'i never signed up for this', 'shut up'])(
    '%j might: a person reads it',
    (text) => {
      expect(detectRevocation(text)).toMatchObject({ kind: 'maybe' });
    },
  );

  it('says why', () => {
    expect(detectRevocation('quit txting me')).toEqual({ kind: 'revoked', reason: 'stop contacting' });
    expect(detectRevocation('yes please')).toEqual({ kind: 'none', reason: 'no revocation' });
  });
});

describe('canonical', () => {
  it('folds, unmasks, drops apostrophes, shortens letter runs and respells the key words', () => {
    expect(canonical("PLZZZ don't TXT me!!! 😡")).toBe('please dont texts me');
    expect(canonical('Stoppp f***ing texting')).toBe('stop fucking texting');
  });
});
