import { isoSeconds } from './clock';
import { money } from './order-math';
import type {
  AddressRecord,
  DiscountRecord,
  FinancialStatus,
  FulfillmentOrderRecord,
  FulfillmentRecord,
  LineItemRecord,
  LocationRecord,
  OrderRecord,
} from './records';

/** Deterministic PRNG (mulberry32): the same seed gives the same shop every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const int = (r: Random, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const chance = (r: Random, p: number) => r() < p;

const FIRST = ['Ahmed', 'Muhammad', 'Ali', 'Hassan', 'Usman', 'Bilal', 'Hamza', 'Zain', 'Imran', 'Kamran', 'Faisal', 'Omer', 'Asad', 'Saad', 'Danish', 'Shahid', 'Tariq', 'Fatima', 'Ayesha', 'Sana', 'Hira', 'Maryam', 'Zainab', 'Nadia', 'Saima', 'Rabia', 'Mehwish', 'Iqra', 'Farah', 'Amna'] as const;
const LAST = ['Khan', 'Ahmed', 'Ali', 'Hussain', 'Malik', 'Sheikh', 'Qureshi', 'Butt', 'Chaudhry', 'Raza', 'Siddiqui', 'Abbasi', 'Javed', 'Iqbal', 'Akhtar', 'Rana', 'Mirza', 'Baig', 'Shah', 'Aslam'] as const;

interface City {
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  lat: number;
  lng: number;
  streets: readonly string[];
}

const CITIES: readonly City[] = [
  { city: 'Karachi', province: 'Sindh', provinceCode: 'SD', zip: '75500', lat: 24.8607, lng: 67.0011, streets: ['DHA Phase 6', 'Block 13-D, Gulshan-e-Iqbal', 'Block 2, PECHS', 'Block H, North Nazimabad', 'Clifton Block 5', 'Korangi Sector 31'] },
  { city: 'Karachi', province: 'Sindh', provinceCode: 'SD', zip: '75300', lat: 24.9056, lng: 67.0822, streets: ['Federal B Area Block 16', 'Bahadurabad', 'Malir Cantt', 'Gulistan-e-Jauhar Block 12'] },
  { city: 'Lahore', province: 'Punjab', provinceCode: 'PB', zip: '54782', lat: 31.5204, lng: 74.3587, streets: ['Block J, Johar Town', 'Gulberg III', 'Model Town', 'DHA Phase 5, Sector C', 'Allama Iqbal Town', 'Wapda Town'] },
  { city: 'Islamabad', province: 'Islamabad Capital Territory', provinceCode: 'IS', zip: '44000', lat: 33.6844, lng: 73.0479, streets: ['F-7/2', 'G-11/3', 'I-8/4', 'E-11/2', 'Bahria Town Phase 4', 'DHA Phase 2'] },
  { city: 'Rawalpindi', province: 'Punjab', provinceCode: 'PB', zip: '46000', lat: 33.5651, lng: 73.0169, streets: ['Satellite Town Block B', 'Saddar, Bank Road', 'Bahria Town Phase 7', 'Chaklala Scheme 3'] },
  { city: 'Faisalabad', province: 'Punjab', provinceCode: 'PB', zip: '38000', lat: 31.4504, lng: 73.135, streets: ['Peoples Colony No 1', 'D Ground', 'Madina Town', 'Susan Road'] },
  { city: 'Multan', province: 'Punjab', provinceCode: 'PB', zip: '60000', lat: 30.1575, lng: 71.5249, streets: ['Gulgasht Colony', 'Shah Rukn-e-Alam Colony', 'Cantt', 'Bosan Road'] },
  { city: 'Peshawar', province: 'Khyber Pakhtunkhwa', provinceCode: 'KP', zip: '25000', lat: 34.0151, lng: 71.5249, streets: ['University Town', 'Hayatabad Phase 3', 'Saddar Road', 'Gulbahar'] },
  { city: 'Quetta', province: 'Balochistan', provinceCode: 'BA', zip: '87300', lat: 30.1798, lng: 66.975, streets: ['Jinnah Town', 'Samungli Road', 'Satellite Town'] },
  { city: 'Hyderabad', province: 'Sindh', provinceCode: 'SD', zip: '71000', lat: 25.396, lng: 68.3578, streets: ['Latifabad Unit 7', 'Qasimabad', 'Auto Bhan Road'] },
  { city: 'Sialkot', province: 'Punjab', provinceCode: 'PB', zip: '51310', lat: 32.4945, lng: 74.5229, streets: ['Cantt', 'Paris Road', 'Model Town'] },
  { city: 'Gujranwala', province: 'Punjab', provinceCode: 'PB', zip: '52250', lat: 32.1877, lng: 74.1945, streets: ['Satellite Town', 'Model Town', 'DC Road'] },
];

interface Product {
  title: string;
  variants: readonly (string | null)[];
  price: readonly [number, number];
  vendor: string;
  image: boolean;
  /** Grams per unit as the merchant set it on the product; 0 where they never did (Shopify then weighs nothing). */
  grams: number;
}

const PRODUCTS: readonly Product[] = [
  { title: 'Lawn 3-Piece Suit', variants: ['Small / Beige', 'Medium / Beige', 'Large / Teal'], price: [2950, 5450], vendor: 'Dakiya Demo Apparel', image: true, grams: 650 },
  { title: 'Embroidered Kurta', variants: ['S', 'M', 'L', 'XL'], price: [1850, 3950], vendor: 'Dakiya Demo Apparel', image: true, grams: 0 },
  { title: "Men's Shalwar Kameez", variants: ['M / White', 'L / White', 'L / Grey'], price: [2450, 4950], vendor: 'Dakiya Demo Apparel', image: true, grams: 700 },
  { title: 'Leather Peshawari Chappal', variants: ['40', '41', '42', '43', '44'], price: [2200, 3800], vendor: 'Peshawar Footwear', image: true, grams: 900 },
  { title: 'Khaddar Shawl', variants: [null], price: [1450, 2650], vendor: 'Dakiya Demo Apparel', image: false, grams: 0 },
  { title: 'Silver Jhumka Earrings', variants: [null], price: [950, 1950], vendor: 'Zevar', image: true, grams: 0 },
  { title: 'Wireless Earbuds Pro', variants: ['Black', 'White'], price: [3499, 6999], vendor: 'TechBazaar', image: true, grams: 250 },
  { title: 'Ceramic Dinner Set (18 pcs)', variants: [null], price: [6500, 8500], vendor: 'HomeCraft', image: false, grams: 4500 },
  { title: 'Organic Sidr Honey 500g', variants: [null], price: [1200, 1800], vendor: 'Pure Foods', image: true, grams: 650 },
  { title: 'Velvet Prayer Mat', variants: ['Green', 'Maroon', 'Navy'], price: [850, 1650], vendor: 'HomeCraft', image: false, grams: 0 },
  { title: 'Kids Eid Kurta Set', variants: ['2-3Y', '4-5Y', '6-7Y'], price: [1450, 2450], vendor: 'Dakiya Demo Apparel', image: true, grams: 0 },
  { title: 'Multani Blue Pottery Vase', variants: [null], price: [1750, 3250], vendor: 'Multan Crafts', image: true, grams: 1200 },
];

const NOTES = ['Please call before delivery', 'Deliver after 5pm', 'Gate number 2, ask the guard', 'Office address, deliver Mon–Fri', null, null, null, null] as const;
const TAGS = ['Repeat customer', 'WhatsApp confirmed', 'Eid Sale', 'Instagram', 'VIP'] as const;
const PAID_GATEWAYS = ['JazzCash', 'Easypaisa', 'PayFast', 'Bank Deposit'] as const;
const COD = 'Cash on Delivery (COD)';

/** Mobile numbers in the mix of formats merchants really receive. */
function phone(r: Random): string {
  const prefix = int(r, 300, 349);
  const rest = String(int(r, 0, 9_999_999)).padStart(7, '0');
  switch (int(r, 0, 4)) {
    case 0:
      return `+92 ${prefix} ${rest}`;
    case 1:
      return `0${prefix}${rest}`;
    case 2:
      return `+92${prefix}${rest}`;
    case 3:
      return `0${prefix}-${rest}`;
    default:
      return `92 ${prefix} ${rest}`;
  }
}

function address(r: Random, first: string, last: string, tel: string | null): AddressRecord {
  const c = pick(r, CITIES);
  const street = pick(r, c.streets);
  const house = chance(r, 0.5) ? `House ${int(r, 1, 450)}, Street ${int(r, 1, 40)}` : `Flat ${int(r, 1, 12)}0${int(r, 1, 9)}, Plot ${int(r, 10, 300)}`;
  return {
    firstName: first,
    lastName: last,
    company: chance(r, 0.05) ? `${last} Traders` : null,
    address1: `${house}, ${street}`,
    address2: chance(r, 0.25) ? `Near ${pick(r, ['Jamia Masjid', 'Imtiaz Super Market', 'Hyperstar', 'Civil Hospital', 'Metro Station'])}` : null,
    city: c.city,
    province: c.province,
    provinceCode: c.provinceCode,
    zip: chance(r, 0.8) ? c.zip : null,
    country: 'Pakistan',
    countryCode: 'PK',
    phone: tel,
    latitude: chance(r, 0.6) ? Math.round((c.lat + (r() - 0.5) * 0.1) * 1e6) / 1e6 : null,
    longitude: chance(r, 0.6) ? Math.round((c.lng + (r() - 0.5) * 0.1) * 1e6) / 1e6 : null,
  };
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Sequential ids per object type, each ≥ 13 digits like the real ones. */
export class IdSource {
  private readonly next = new Map<string, number>();
  constructor(private readonly base = 0) {}

  id(type: string): string {
    const start = IdSource.starts[type] ?? 9_000_000_000_000;
    const value = this.next.get(type) ?? start + this.base;
    this.next.set(type, value + 1 + (value % 7));
    return String(value);
  }

  /** Continue after ids seen in seeded data. */
  bump(type: string, seen: string): void {
    const after = Number(seen) + 1;
    if (after > (this.next.get(type) ?? 0)) this.next.set(type, after);
  }

  static readonly starts: Record<string, number> = {
    Order: 6_140_201_369_913,
    LineItem: 15_532_345_294_905,
    FulfillmentOrder: 7_054_321_098_765,
    FulfillmentOrderLineItem: 16_012_345_678_901,
    Fulfillment: 5_690_123_456_789,
    Product: 8_123_456_789_012,
    ProductVariant: 45_123_456_789_012,
    Customer: 7_512_345_678_901,
    ShippingLine: 4_987_654_321_098,
    Location: 1_012_345_678_901,
    AppSubscription: 2_812_345_678_901,
    AppSubscriptionLineItem: 2_812_345_678_901,
    Shop: 6_512_345_678_901,
    AppInstallation: 1_912_345_678_901,
  };
}

export interface GenerateOptions {
  /** "Now" for the generated history (ms). Defaults to Date.now(). */
  now?: number;
  /** Orders are spread over this many days before now (default 45, inside the 60-day window). */
  days?: number;
  /** First order number: #1001 by default. */
  startNumber?: number;
  currency?: string;
  locations?: LocationRecord[];
  ids?: IdSource;
}

export function defaultLocations(ids: IdSource): LocationRecord[] {
  return [
    { id: ids.id('Location'), name: 'Main Warehouse Karachi', city: 'Karachi', address1: 'Plot 27, Sector 7-A, Korangi Industrial Area' },
    { id: ids.id('Location'), name: 'Lahore Store', city: 'Lahore', address1: '12-C, Main Boulevard Gulberg' },
  ];
}

/**
 * Realistic orders of a Pakistani store: mostly COD (financial status PENDING), some prepaid (PAID),
 * some cancelled, some already fulfilled by another courier, 1–3 line items (some without image or
 * variant), 1–2 fulfillment orders. Deterministic for a given seed and `now`.
 */
export function generateOrders(count: number, seed: number, options: GenerateOptions = {}): OrderRecord[] {
  const r = rng(seed);
  const now = options.now ?? Date.now();
  const days = options.days ?? 45;
  const ids = options.ids ?? new IdSource(seed * 1000);
  const locations = options.locations ?? defaultLocations(ids);
  const currency = options.currency ?? 'PKR';
  const start = options.startNumber ?? 1001;
  const times = Array.from({ length: count }, () => now - Math.floor(r() * days * 86_400_000)).sort((a, b) => a - b);
  return times.map((created, index) => generateOrder(r, ids, locations, currency, start + index, created, now));
}

function generateOrder(r: Random, ids: IdSource, locations: LocationRecord[], currency: string, number: number, created: number, now: number): OrderRecord {
  const first = pick(r, FIRST);
  const last = pick(r, LAST);
  const tel = phone(r);
  const email = chance(r, 0.6) ? `${first}.${last}${int(r, 1, 99)}@${pick(r, ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'])}`.toLowerCase() : null;
  const shipping = address(r, first, last, chance(r, 0.95) ? tel : null);
  const createdAt = isoSeconds(created);

  const lineItems: LineItemRecord[] = [];
  const used = new Set<string>();
  for (let i = 0, n = int(r, 1, 3); i < n; i += 1) {
    const product = pick(r, PRODUCTS);
    if (used.has(product.title)) continue;
    used.add(product.title);
    const variant = pick(r, product.variants);
    const price = Math.round(int(r, product.price[0], product.price[1]) / 50) * 50;
    const quantity = chance(r, 0.8) ? 1 : int(r, 2, 3);
    lineItems.push({
      id: ids.id('LineItem'),
      title: product.title,
      variantTitle: variant,
      sku: chance(r, 0.85) ? `${slug(product.title).slice(0, 10).toUpperCase()}-${variant ? slug(variant).toUpperCase() : 'STD'}` : null,
      vendor: product.vendor,
      quantity,
      currentQuantity: quantity,
      price: money(price),
      imageUrl: product.image && chance(r, 0.85) ? `https://cdn.shopify.com/s/files/1/0612/3456/7890/files/${slug(product.title)}.jpg` : null,
      grams: product.grams,
      productId: ids.id('Product'),
      variantId: variant ? ids.id('ProductVariant') : null,
    });
  }

  const itemsTotal = lineItems.reduce((s, li) => s + Number(li.price) * li.quantity, 0);
  const freeShipping = itemsTotal >= 5000;
  const express = shipping.city === 'Karachi' && chance(r, 0.2);
  const shippingPrice = express ? 350 : pick(r, [200, 250, 250, 300]);
  const shippingLines = [
    { id: ids.id('ShippingLine'), title: express ? 'Express Delivery (Karachi)' : 'Standard Delivery', code: express ? 'Express' : 'Standard', source: 'shopify', price: money(shippingPrice) },
  ];
  const discounts: DiscountRecord[] = [];
  if (freeShipping) {
    discounts.push({ kind: 'AutomaticDiscountApplication', code: null, title: 'Free delivery over Rs 5,000', valueType: 'percentage', value: 100, amount: money(shippingPrice), targetType: 'SHIPPING_LINE', allocationMethod: 'EACH' });
  }
  if (chance(r, 0.15)) {
    discounts.push({ kind: 'DiscountCodeApplication', code: 'EID15', title: null, valueType: 'percentage', value: 15, amount: money(Math.round(itemsTotal * 0.15)), targetType: 'LINE_ITEM', allocationMethod: 'ACROSS' });
  } else if (chance(r, 0.08) && itemsTotal > 2000) {
    discounts.push({ kind: 'DiscountCodeApplication', code: 'WELCOME500', title: null, valueType: 'fixed_amount', value: 500, amount: money(500), targetType: 'LINE_ITEM', allocationMethod: 'ACROSS' });
  } else if (chance(r, 0.03)) {
    discounts.push({ kind: 'ManualDiscountApplication', code: null, title: 'Loyal customer', valueType: 'fixed_amount', value: 200, amount: money(200), targetType: 'LINE_ITEM', allocationMethod: 'ACROSS' });
  }

  const cod = chance(r, 0.72);
  const cancelled = chance(r, 0.08);
  const ageDays = (now - created) / 86_400_000;
  const alreadyFulfilled = !cancelled && ageDays > 5 && chance(r, 0.15);
  let financialStatus: FinancialStatus = cod ? 'PENDING' : 'PAID';
  if (cancelled) financialStatus = cod ? 'VOIDED' : 'REFUNDED';
  else if (cod && alreadyFulfilled && chance(r, 0.5)) financialStatus = 'PAID';

  // Split across two locations now and then, so orders carry 1–2 fulfillment orders.
  const split = lineItems.length > 1 && chance(r, 0.15);
  const fulfillmentOrders: FulfillmentOrderRecord[] = [];
  const home = pick(r, locations);
  const groups = split ? [lineItems.slice(0, 1), lineItems.slice(1)] : [lineItems];
  groups.forEach((group, i) => {
    const location = i === 0 ? home : (locations.find((l) => l.id !== home.id) ?? home);
    fulfillmentOrders.push({
      id: ids.id('FulfillmentOrder'),
      locationId: location.id,
      status: cancelled ? 'CLOSED' : 'OPEN',
      requestStatus: 'UNSUBMITTED',
      createdAt,
      updatedAt: createdAt,
      lineItems: group.map((li) => ({ id: ids.id('FulfillmentOrderLineItem'), lineItemId: li.id, totalQuantity: li.quantity, remainingQuantity: li.quantity })),
    });
  });

  const fulfillments: FulfillmentRecord[] = [];
  let updated = created + int(r, 1, 30) * 60_000;
  if (alreadyFulfilled) {
    const at = isoSeconds(created + int(r, 1, 3) * 86_400_000);
    fulfillmentOrders.forEach((fo, i) => {
      const trackingNumber = String(int(r, 100_000_000, 999_999_999)) + String(int(r, 100, 999));
      fulfillments.push({
        id: ids.id('Fulfillment'),
        name: `#${number}.${i + 1}`,
        status: 'SUCCESS',
        createdAt: at,
        updatedAt: at,
        locationId: fo.locationId,
        notifyCustomer: true,
        tracking: [{ company: 'TCS', number: trackingNumber, url: `https://www.tcsexpress.com/track/${trackingNumber}` }],
        lineItems: fo.lineItems.map((li) => ({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItemId: li.id, lineItemId: li.lineItemId, quantity: li.remainingQuantity })),
      });
      fo.lineItems.forEach((li) => (li.remainingQuantity = 0));
      fo.status = 'CLOSED';
      fo.updatedAt = at;
    });
    updated = Date.parse(at);
  }
  const cancelledAt = cancelled ? isoSeconds(created + int(r, 1, 48) * 3_600_000) : null;
  if (cancelledAt) updated = Date.parse(cancelledAt);

  const tags: string[] = [];
  if (chance(r, 0.25)) tags.push(pick(r, TAGS));
  if (cod && chance(r, 0.3)) tags.push('COD');

  return {
    id: ids.id('Order'),
    name: `#${number}`,
    orderNumber: number,
    email,
    phone: chance(r, 0.7) ? tel : null,
    createdAt,
    processedAt: createdAt,
    updatedAt: isoSeconds(Math.min(updated, now)),
    cancelledAt,
    cancelReason: cancelled ? pick(r, ['CUSTOMER', 'CUSTOMER', 'INVENTORY', 'DECLINED'] as const) : null,
    closedAt: cancelledAt ?? (alreadyFulfilled && financialStatus === 'PAID' ? isoSeconds(Math.min(updated, now)) : null),
    test: false,
    note: pick(r, NOTES),
    tags,
    currency,
    financialStatus,
    paymentGatewayNames: cod ? [COD] : [pick(r, PAID_GATEWAYS)],
    customer: { id: ids.id('Customer'), firstName: first, lastName: last, email, phone: tel },
    shippingAddress: chance(r, 0.98) ? shipping : null,
    billingAddress: shipping,
    lineItems,
    shippingLines,
    discounts,
    totalTax: '0.0',
    fulfillmentOrders,
    fulfillments,
  };
}
