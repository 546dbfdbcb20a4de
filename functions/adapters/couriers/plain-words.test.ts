import { describe, expect, it } from 'vitest';
import { cancelledBefore, inPlainWords } from './plain-words';
import type { CancelResult } from '../../domain/ports/courier';

describe('the couriers\' message table', () => {
  it('says a courier\'s own wording in plain words and keeps the wording', () => {
    expect(inPlainWords('TCS', ['consigneeinfo cityname is not serviceable at the moment'])).toEqual({
      messages: ['TCS does not deliver to this city at the moment'],
      raw: ['consigneeinfo cityname is not serviceable at the moment'],
    });
    expect(inPlainWords('LEOPARD', ['Service is not available for this city at the moment']).messages).toEqual(['Leopards does not deliver to this city at the moment']);
  });

  it('leaves what it has no row for as the courier said it, without a raw copy', () => {
    expect(inPlainWords('POSTEX', ['City Name Atlantis is not an operational city'])).toEqual({ messages: ['City Name Atlantis is not an operational city'] });
  });
});

describe('a cancel refused because it was done before', () => {
  it('is a cancel, in each courier\'s words (the simulators\' own)', () => {
    for (const words of ['Order is already cancelled', 'Packet is already cancelled', 'Failure: Consignment already cancelled', 'Consignment is already void']) {
      expect(cancelledBefore({ kind: 'refused', messages: [words] })).toEqual({ kind: 'cancelled', already: true });
    }
  });

  it('any other refusal stays one', () => {
    const pickedUp: CancelResult = { kind: 'refused', messages: ['Order cannot be cancelled after pickup'] };
    expect(cancelledBefore(pickedUp)).toBe(pickedUp);
    expect(cancelledBefore({ kind: 'refused', messages: [] })).toEqual({ kind: 'refused', messages: [] });
    expect(cancelledBefore({ kind: 'cancelled' })).toEqual({ kind: 'cancelled' });
  });
});
