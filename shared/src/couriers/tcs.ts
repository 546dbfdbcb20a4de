import { defineCourier, field } from './definition';

/** TCS, OCI Connect / ECOM API (reference/couriers.md §5). */
export const TCS = defineCourier({
  id: 'TCS',
  name: 'TCS',
  mark: 'TCS',
  palette: 'red',
  blurb: 'API credentials and shipper details',
  fields: [
    field.identity('username', 'Username', 100, { secret: true }),
    field.secret('api_password', 'API password', 100, { editable: true }),
    field.identity('tcs_account_id', 'TCS account ID', 100),
    field.identity('client_id', 'Client ID', 500, { secret: true }),
    field.secret('client_secret', 'Client secret', 100, { editable: true }),
    field.identity('cost_center_code', 'Cost center code', 100),
    field.detail('shipper_name', 'Shipper name', 100, 'text', { group: 'shipper', placeholder: 'Your store or business name' }),
    field.detail('shipper_mobile', 'Shipper mobile', 100, 'tel', { group: 'shipper', placeholder: '03001234567' }),
    field.detail('shipper_address', 'Shipper address', 100, 'text', { group: 'shipper', placeholder: 'Pickup street address' }),
    field.detail('shipper_city', 'Shipper city', 100, 'city', { group: 'shipper' }),
  ],
  booking: {
    weightUnit: 'kg',
    minWeightGrams: 500,
    cod: { max: 250_000, minPositive: false },
    consigneeName: { min: 3, max: 50 },
    consigneeAddressMax: 120,
    productsMax: 500,
    remarksMax: 500,
    piecesMax: 999,
    findByReference: false,
    bulkParallel: 1,
    trackBatchSize: 1,
    tracksFromPickup: true,
  },
});
