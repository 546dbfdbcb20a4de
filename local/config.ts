import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CourierId } from '@dakiya/shared';
import { COURIER_SIMS } from './simulators/couriers';

/** The local runner's settings: the only place in local/ that reads process.env. Documented in the README. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const int = (name: string, fallback: number) => {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
};
const text = (name: string, fallback: string) => process.env[name] || fallback;

export interface LocalConfig {
  ports: {
    gateway: number;
    dynamo: number;
    sqs: number;
    ses: number;
    shopify: number;
    /** One simulator per courier: `DAKIYA_<ID>_PORT`, e.g. DAKIYA_LEOPARD_PORT. */
    couriers: Record<CourierId, number>;
  };
  dataDir: string;
  /** `./dakiya start` runs the status sync's slot every this many minutes (DAKIYA_SYNC_EVERY_MINUTES; 0: off). */
  syncEveryMinutes: number;
  demo: {
    shop: string;
    shopName: string;
    ownerEmail: string;
    ownerPassword: string;
    staffEmail: string;
    staffPassword: string;
    orders: number;
    /** Booking history seeded once into the demo shop by `./dakiya start` (real parcels at the courier simulators). */
    bookings: number;
    /** The second demo shop, left on the free plan. */
    freeShop: { shop: string; shopName: string; ownerEmail: string; ownerPassword: string; orders: number };
  };
  shopify: { clientId: string; clientSecret: string };
  /** The support page's address (in AWS: the CDK context value supportEmail). */
  supportEmail: string;
}

export function readLocalConfig(): LocalConfig {
  return {
    ports: {
      gateway: int('DAKIYA_PORT', 8787),
      dynamo: int('DAKIYA_DYNAMO_PORT', 8700),
      sqs: int('DAKIYA_SQS_PORT', 8701),
      ses: int('DAKIYA_SES_PORT', 8702),
      shopify: int('DAKIYA_SHOPIFY_PORT', 8703),
      couriers: Object.fromEntries(COURIER_SIMS.map((sim) => [sim.id, int(`DAKIYA_${sim.id}_PORT`, sim.localPort)])) as Record<CourierId, number>,
    },
    dataDir: path.resolve(ROOT, text('DAKIYA_DATA_DIR', '.local-data')),
    syncEveryMinutes: int('DAKIYA_SYNC_EVERY_MINUTES', 60),
    demo: {
      shop: text('DAKIYA_DEMO_SHOP', 'dakiya-demo.myshopify.com'),
      shopName: text('DAKIYA_DEMO_SHOP_NAME', 'Karachi Kapra House'),
      ownerEmail: text('DAKIYA_DEMO_OWNER_EMAIL', 'owner@dakiya-demo.pk'),
      ownerPassword: text('DAKIYA_DEMO_OWNER_PASSWORD', 'Dakiya-demo-2026'),
      staffEmail: text('DAKIYA_DEMO_STAFF_EMAIL', 'staff@dakiya-demo.pk'),
      staffPassword: text('DAKIYA_DEMO_STAFF_PASSWORD', 'Staff-demo-2026'),
      orders: int('DAKIYA_DEMO_ORDERS', 300),
      bookings: int('DAKIYA_DEMO_BOOKINGS', 400),
      freeShop: {
        shop: text('DAKIYA_FREE_SHOP', 'dakiya-free.myshopify.com'),
        shopName: text('DAKIYA_FREE_SHOP_NAME', 'Multan Mitti Crafts'),
        ownerEmail: text('DAKIYA_FREE_OWNER_EMAIL', 'owner@dakiya-free.pk'),
        ownerPassword: text('DAKIYA_FREE_OWNER_PASSWORD', 'Free-demo-2026'),
        orders: 40,
      },
    },
    shopify: {
      clientId: text('DAKIYA_SHOPIFY_CLIENT_ID', 'dakiya-local-client'),
      clientSecret: text('DAKIYA_SHOPIFY_CLIENT_SECRET', 'dakiya-local-shopify-secret'),
    },
    supportEmail: text('DAKIYA_SUPPORT_EMAIL', 'support@dakiya.pk'),
  };
}
