import { defineCourier, field } from './definition';

/** M&P (Muller & Phipps; reference/couriers.md §6). */
export const MNP = defineCourier({
  id: 'MNP',
  name: 'M&P',
  mark: 'M&P',
  palette: 'blue',
  blurb: 'Username, account number and API password',
  fields: [
    field.identity('username', 'Username', 100, { secret: true }),
    field.identity('account_no', 'Account number', 50),
    field.secret('api_password', 'API password', 100, { editable: true }),
  ],
  booking: {
    weightUnit: 'kg',
    minWeightGrams: 1,
    // COD accounts reject 0; one client reads a 99999 maximum in the manual
    cod: { max: 99_999, minPositive: true },
    consigneeName: { min: 1, max: 50 },
    consigneeAddressMax: 255,
    productsMax: 500,
    remarksMax: 500,
    piecesMax: 99,
    // no lookup by reference: a lost answer needs a person, so bulk books one at a time
    findByReference: false,
    bulkParallel: 1,
    trackBatchSize: 200,
  },
});
