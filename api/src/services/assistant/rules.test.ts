import { describe, expect, it } from 'vitest';
import { isAutomaticReply, isOptOut, isVehicleGone, isWrongNumber, servicePlace } from './rules';

describe('isOptOut', () => {
  it.each([
    'STOP', 'stop', 'Stop.', 'STOP!!!', 'stopp', 'stop pls', 'Stop please', 'just stop', 'STOPALL', 'END', 'quit', 'CANCEL',
    'unsubscribe', 'Unsubscribe me from these', 'opt out', 'opt-out', 'please stop texting me', 'STOP TEXTING THIS NUMBER',
    'quit messaging me', 'stop sending me these', 'stop contacting me about the car', "don't text me", 'do not text this number',
    'dont msg me again', 'never text me again', 'no more texts', 'no more messages please', 'enough with the texts already',
    'remove my number', 'please remove me from your list', 'take me off your list', 'lose my number', 'delete my info',
    'leave me alone', 'Cancel these reminders', "I don't want these texts", 'I do not consent to receiving texts', 'no más mensajes',
    'No mas textos por favor', 'favor de no enviarme más mensajes', 'dejen de mandar mensajes', 'Don’t text me', 'stop it',
  ])('%j opts out', (text) => {
    expect(isOptOut(text)).toBe(true);
  });

  it.each([
    "I'll stop by tuesday", 'ill stop in thursday around 10', 'can i just stop in for the inspection', 'I can stop over after work',
    "please don't stop the reminders", 'can you stop the noise my brakes make', 'car wont stop pulling to the left',
    'my brakes grind every time i come to a stop', 'non-stop beeping from the dash', 'the stop/start thing quit working',
    'should I stop driving it?', 'key fob stopped working', 'stopped at a quick lube on the way home', 'end of the month works',
    "Don't call me, text is fine", 'can you take me to work after drop off', 'no thanks', 'remove the old tires please',
    'I want to end my lease early', 'stop worrying about this', 'can you stop the noise from the brakes',
  ])('%j does not', (text) => {
    expect(isOptOut(text)).toBe(false);
  });
});

describe('isWrongNumber', () => {
  it.each([
    'wrong number', 'Wrong #', 'you have the wrong person', 'I think you got the wrong guy', 'no Maria here',
    "There's no Jessica at this number", "this isn't kevin's phone anymore", 'This number belongs to Dana now', 'número equivocado',
    'never had a Civic', "I don't own a Honda", 'my name isnt Robert', 'this is not Linda', 'new number, who is this',
    "not sure who you're looking for",
  ])('%j is a wrong number', (text) => {
    expect(isWrongNumber(text)).toBe(true);
  });

  it.each([
    "I don't own a Ford anymore", 'no problem here', 'this is not working', 'who is this?', 'no thanks', 'I sold it',
  ])('%j is not', (text) => {
    expect(isWrongNumber(text)).toBe(false);
  });
});

describe('isVehicleGone', () => {
  it.each([
    'sold it', 'traded it in at carmax', 'we got rid of the corolla', "I don't have the accord anymore", 'No longer own this vehicle',
    'the car was totaled', 'it got stolen', 'gave that car to my nephew', 'the lease ended', 'turned in the lease in February',
    'ya no tengo ese carro, lo vendí',
  ])('%j: the car is gone', (text) => {
    expect(isVehicleGone(text)).toBe(true);
  });

  it.each(['what would you give me in trade', 'my lease is up in may', 'thinking of selling it', 'I still have it'])('%j: it is not', (text) => {
    expect(isVehicleGone(text)).toBe(false);
  });
});

describe('servicePlace', () => {
  it.each([
    ['you guys did it last week', 'SPA-SS'],
    ['it was done at your dealership in january', 'SPA-SS'],
    ['was just there on the 3rd', 'SPA-SS'],
    ['lo hicieron ustedes', 'SPA-SS'],
    ['got it done at jiffy lube', 'SPA-AS'],
    ['the Honda dealer in Dover already did it', 'SPA-AS'],
    ['did it myself', 'SPA-AS'],
    ['my mechanic handles that', 'SPA-AS'],
    ['already done, thank you', 'SPA-XX'],
    ['just had it done', 'SPA-XX'],
  ] as const)('%j: %s', (text, place) => {
    expect(servicePlace(text)).toBe(place);
  });
});

describe('isAutomaticReply', () => {
  it.each([
    'Liked "Hi Sam, your Civic is due for service"', 'Loved “see you then”', "I'm driving with Do Not Disturb While Driving turned on.",
    'Sent from my iPhone', 'lol', 'haha', 'who is this?', 'what',
  ])('%j is not a reply to read', (text) => {
    expect(isAutomaticReply(text)).toBe(true);
  });

  it.each(['lol I sold it', 'what are your hours', 'liked the service, thanks'])('%j is', (text) => {
    expect(isAutomaticReply(text)).toBe(false);
  });
});
