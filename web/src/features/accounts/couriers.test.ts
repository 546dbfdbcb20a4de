import { describe, expect, it } from 'vitest';
import { COURIER_IDS, COURIERS, CREATE_FIELDS, credentialLabel, EDIT_FIELDS, courierName, joinLabels, permanentLabels } from './couriers';

describe('couriers', () => {
  it('has full names and distinct colours', () => {
    expect(COURIER_IDS.map(courierName)).toEqual(['Leopards', 'M&P', 'PostEx', 'TCS']);
    expect(new Set(COURIER_IDS.map((id) => COURIERS[id].palette)).size).toBe(4);
    expect(courierName('DHL')).toBe('DHL');
  });
  it('asks each courier for the fields of spec 001 §5 with their limits', () => {
    const shape = (id: keyof typeof CREATE_FIELDS) => CREATE_FIELDS[id].map((f) => `${f.key}:${f.max}`);
    expect(shape('LEOPARD')).toEqual(['api_key:500', 'api_password:100']);
    expect(shape('MNP')).toEqual(['username:100', 'account_no:50', 'api_password:100']);
    expect(shape('POSTEX')).toEqual(['token:500', 'address_code:50']);
    expect(shape('TCS')).toEqual([
      'username:100', 'api_password:100', 'tcs_account_id:100', 'client_id:500', 'client_secret:100', 'cost_center_code:100',
      'shipper_name:100', 'shipper_mobile:100', 'shipper_address:100', 'shipper_city:100',
    ]);
  });
  it('marks the identity fields as permanent and never offers them on edit', () => {
    expect(permanentLabels('LEOPARD')).toEqual(['API key']);
    expect(permanentLabels('POSTEX')).toEqual(['Token']);
    expect(joinLabels(permanentLabels('MNP'))).toBe('Username and Account number');
    expect(joinLabels(permanentLabels('TCS'))).toBe('Username, TCS account ID, Client ID and Cost center code');
    for (const id of COURIER_IDS) {
      for (const field of EDIT_FIELDS[id]) expect(field.permanent).toBeFalsy();
    }
  });
  it('labels saved credentials', () => {
    expect(credentialLabel('api_key')).toBe('API key');
    expect(credentialLabel('some_new_thing')).toBe('Some new thing');
  });
});
