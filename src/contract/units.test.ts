import { describe, expect, it } from 'vitest';
import { heightCmOf, heightShown, weightKgOf, weightShown } from './units.js';

describe('height and weight, one way (issue 49 item 10)', () => {
  it.each([
    ['178', '178 cm (5′10″)'],
    ['178 cm', '178 cm (5′10″)'],
    ['1.75 m', '175 cm (5′9″)'],
    [`5'6"`, '168 cm (5′6″)'],
    ['5 ft 6 in', '168 cm (5′6″)'],
    ['6 ft', '183 cm (6′0″)'],
    ['5′ 10″', '178 cm (5′10″)'],
    ['158 cm', '158 cm (5′2″)'],
  ])('shows the height %j as %j', (text, shown) => {
    expect(heightShown(text)).toBe(shown);
  });

  it.each([
    ['70', '70 kg (154 lb)'],
    ['70 kg', '70 kg (154 lb)'],
    ['154 lb', '70 kg (154 lb)'],
    ['58 kgs', '58 kg (128 lb)'],
  ])('shows the weight %j as %j', (text, shown) => {
    expect(weightShown(text)).toBe(shown);
  });

  it('shows a text that reads as no number as typed, and nothing as nothing', () => {
    expect(heightShown(' tall ')).toBe('tall');
    expect(heightShown(`5'13"`)).toBe(`5'13"`);
    expect(heightShown('300 cm')).toBe('300 cm');
    expect(weightShown('slim')).toBe('slim');
    expect(heightShown('')).toBe('');
    expect(weightShown(null)).toBe('');
  });

  it('reads as the database does (talent_height_cm, talent_weight_kg), and prefers a number given', () => {
    expect([heightCmOf('172'), heightCmOf('1.72'), heightCmOf('5 feet 8 inches'), heightCmOf('49'), heightCmOf('abc')]).toEqual([172, 172, 173, null, null]);
    expect([weightKgOf('70.5 kilos'), weightKgOf('154 pounds'), weightKgOf('19'), weightKgOf('heavy')]).toEqual([71, 70, null, null]);
    expect(heightShown('tall', 180)).toBe('180 cm (5′11″)');
    expect(weightShown('', 64)).toBe('64 kg (141 lb)');
  });
});
