import type { Group, PageId } from '@dakiya/shared';
import type { GroupOperations } from './platform/operation';
import { operations as auth } from './auth/handler';
import { operations as shopify } from './shopify/handler';
import { operations as system } from './system/handler';
import { operations as users } from './users/handler';
import { operations as profile } from './profile/handler';
import { operations as accounts } from './accounts/handler';
import { operations as settings } from './settings/handler';
import { operations as storeOrders } from './store-orders/handler';
import { operations as billing } from './billing/handler';
import { operations as booking } from './booking/handler';
import { operations as orders } from './orders/handler';
import { operations as tracking } from './tracking/handler';
import { operations as analytics } from './analytics/handler';
import { operations as labels } from './labels/handler';
import { trackPageHandler } from './tracking/page';

/** Every group's operations: the local gateway, the tests and the route-table check read this. */
export const operationsByGroup: { [G in Group]: GroupOperations<G> } = { auth, shopify, system, users, profile, accounts, settings, 'store-orders': storeOrders, billing, booking, orders, tracking, analytics, labels };

/** The function of each server-rendered page (shared/src/pages.ts): the local gateway reads this. */
export const pageHandlers: { [P in PageId]: typeof trackPageHandler } = { 'tracking.page': trackPageHandler };
