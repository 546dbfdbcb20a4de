import { describe, expect, it } from 'vitest';
import { editDistance, matchCity } from './cities';

const leopard = [
  { key: '475', name: 'Karachi' },
  { key: '789', name: 'Lahore' },
  { key: '202', name: 'Islamabad' },
  { key: '628', name: 'Rawalpindi' },
  { key: '280', name: 'Faisalabad' },
  { key: '243', name: 'Dera Ghazi Khan' },
  { key: '619', name: 'Rahim Yar Khan' },
  { key: '520', name: 'Multan' },
  { key: '521', name: 'Mardan' },
  { key: '700', name: 'Swat' },
  { key: '701', name: 'Swabi' },
];
const mnp = [
  { key: 'KARACHI', name: 'KARACHI' },
  { key: 'D.G KHAN', name: 'D.G KHAN' },
  { key: 'RAWALPINDI', name: 'RAWALPINDI' },
];

describe('matchCity', () => {
  it.each([
    ['Karachi', '475', 'exact'],
    ['  karachi ', '475', 'exact'],
    ['KARACHI', '475', 'exact'],
    ['789', '789', 'exact'],
    ['Khi', '475', 'alias'],
    ['Pindi', '628', 'alias'],
    ['RWP', '628', 'alias'],
    ['Rawalpindi Cantt', '628', 'alias'],
    ['ISB', '202', 'alias'],
    ['Lyallpur', '280', 'alias'],
    ['DG Khan', '243', 'alias'],
    ['D.G. Khan', '243', 'alias'],
    ['RYK', '619', 'alias'],
    ['Karachii', '475', 'close'],
    ['Faislabad', '280', 'alias'],
    ['Faisalbad', '280', 'close'],
    ['Rawlpindi', '628', 'close'],
    ['Lahore Cantt', '789', 'alias'],
    ['Multaan City', '520', 'close'],
  ])('%s → %s (%s)', (input, key, how) => {
    expect(matchCity(input, leopard)).toMatchObject({ kind: 'match', city: { key }, how });
  });

  it('matches aliases against a courier that spells the city its own way', () => {
    expect(matchCity('Dera Ghazi Khan', mnp)).toMatchObject({ kind: 'match', city: { key: 'D.G KHAN' }, how: 'alias' });
    expect(matchCity('khi', mnp)).toMatchObject({ kind: 'match', city: { key: 'KARACHI' } });
  });

  it('refuses a tie between two cities rather than guessing', () => {
    // "Swat" and "Swabi" are both one edit from "Swai".
    const result = matchCity('Swai', leopard);
    expect(result.kind).toBe('no-match');
    if (result.kind === 'no-match') expect(result.suggestions.map((c) => c.name)).toEqual(['Swabi', 'Swat']);
  });

  it('gives a clear no-match with suggestions', () => {
    expect(matchCity('Timbuktu', leopard)).toEqual({
      kind: 'no-match',
      message: 'No courier city matches "Timbuktu". Choose the destination city from the list.',
      suggestions: [],
    });
    expect(matchCity('Lahorre Cantonment', leopard)).toMatchObject({ kind: 'match', city: { key: '789' }, how: 'close' });
    expect(matchCity('Mulltaan', leopard)).toEqual({
      kind: 'no-match',
      message: 'No courier city matches "Mulltaan". Did you mean Multan?',
      suggestions: [{ key: '520', name: 'Multan' }],
    });
    expect(matchCity('', leopard)).toEqual({ kind: 'no-match', message: 'Please add destination city', suggestions: [] });
  });

  it('computes edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('lahore', 'lahore')).toBe(0);
  });
});
