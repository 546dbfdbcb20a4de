import { describe, expect, it } from 'vitest';
import { inPlainWords } from './plain-words';

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
