import { defineCourier, field } from './definition';

/** Leopards Courier Services (reference/couriers.md §3). */
export const LEOPARD = defineCourier({
  id: 'LEOPARD',
  name: 'Leopards',
  mark: 'LCS',
  palette: 'orange',
  blurb: 'API key and API password',
  fields: [
    field.secret('api_key', 'API key', 500, { permanent: true }),
    field.secret('api_password', 'API password', 100, { editable: true }),
  ],
  booking: {
    weightUnit: 'g',
    minWeightGrams: 1,
    cod: { max: 1_000_000, minPositive: false },
    consigneeName: { min: 1, max: 100 },
    consigneeAddressMax: 500,
    productsMax: 500,
    remarksMax: 500,
    piecesMax: 999,
    // getShipmentDetailsByOrderID finds a booking by booked_packet_order_id
    findByReference: true,
    bulkParallel: 8,
    trackBatchSize: 50,
    statusPush: true,
  },
});
