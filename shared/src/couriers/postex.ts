import { defineCourier, field } from './definition';

/** PostEx (reference/couriers.md §4). */
export const POSTEX = defineCourier({
  id: 'POSTEX',
  name: 'PostEx',
  mark: 'PX',
  palette: 'purple',
  blurb: 'Token and pickup address code',
  fields: [
    field.secret('token', 'Token', 500, { permanent: true }),
    field.detail('address_code', 'Address code', 50, 'text', {
      placeholder: 'e.g. 001', helper: 'The code of the pickup address registered with PostEx.',
    }),
  ],
  booking: {
    // create-order v3 has no weight field; the weight is kept for Dakiya's own records
    weightUnit: 'kg',
    minWeightGrams: 1,
    cod: { max: 1_000_000, minPositive: false },
    consigneeName: { min: 1, max: 100 },
    consigneeAddressMax: 500,
    productsMax: 500,
    remarksMax: 500,
    piecesMax: 999,
    // get-all-order lists bookings with their orderRefNumber
    findByReference: true,
    bulkParallel: 8,
    trackBatchSize: 50,
  },
});
