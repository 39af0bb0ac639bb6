import { describe, expect, it } from 'vitest';
import { isRepairOrderQuestion } from './repair-order';

describe('isRepairOrderQuestion', () => {
  it.each([
    'is my car ready?', 'is my car redy yet', 'is the truck done yet', 'r u guys finished w my car', 'did the tech look at my car yet',
    'whats the status on my van', 'any update?', 'when can i pick it up', 'when will my suv be ready',
    'what time will it be done', 'how much longer on my car', "how's my car coming along", '¿Ya está listo mi carro?',
    'cuando puedo recoger mi camioneta', 'ya terminaron con mi carro?',
    'ready yet?', 'hey done yet',
  ])('%j asks about a car in the shop', (text) => {
    expect(isRepairOrderQuestion(text)).toBe(true);
  });

  it.each([
    'can you pick it up from my house', 'yes thursday at 3', 'is my car due for an oil change', 'how much is an oil change',
    'already done', 'what are your hours', 'when can i come in', 'are you ready yet to book me in',
  ])('%j does not', (text) => {
    expect(isRepairOrderQuestion(text)).toBe(false);
  });
});
