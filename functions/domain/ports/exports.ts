import type { ExportFilter, OrdersQuery } from '@dakiya/shared';

/** One CSV export: asked for by a member, written by the orders.export job. */
export interface ExportRecord {
  shopId: string;
  exportId: string;
  userId: string;
  filter: ExportFilter;
  /** The list's query as it was asked (STORE_ORDERS: none). */
  query: OrdersQuery;
  state: 'running' | 'done' | 'failed';
  rows: number;
  bytes?: number;
  fileKey?: string;
  fileName: string;
  createdAt: string;
  updatedAt: string;
  error?: string;
}

export interface ExportStore {
  create(record: ExportRecord, expiresAtSeconds: number): Promise<void>;
  get(shopId: string, exportId: string): Promise<ExportRecord | undefined>;
  /** The newest first. */
  recent(shopId: string, limit: number): Promise<ExportRecord[]>;
  progress(shopId: string, exportId: string, rows: number, now: Date): Promise<void>;
  finish(shopId: string, exportId: string, file: { rows: number; bytes: number; fileKey: string }, now: Date): Promise<void>;
  fail(shopId: string, exportId: string, error: string, now: Date): Promise<void>;
}
