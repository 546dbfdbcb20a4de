import { useState } from 'react';
import { LABELS_AT_ONCE, type LabelSource, type PrintedFile } from '@dakiya/shared';
import { api, isApiError, GENERIC_ERROR } from './api';

/** How often a large print (a job) is asked about. */
const POLL_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Prints the airway bills of some parcels: up to 50 come back at once, more are made by a job this
 * polls. The PDF opens by navigating to its signed link: the page may not fetch the files bucket, another origin.
 */
export function usePrintBills() {
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  /** `labels: 'courier'`: each courier's own label where it has one (its PDF's Dakiya bills say why the others are not). */
  async function print(trackingNumbers: readonly string[], labels: LabelSource = 'dakiya'): Promise<PrintedFile | null> {
    setPrinting(true);
    setError(null);
    setNote(null);
    try {
      const answer = await api('labels.print', { body: { trackingNumbers: [...trackingNumbers], ...(labels === 'courier' ? { labels } : {}) } });
      let file = answer.state === 'done' ? answer.file : undefined;
      while (!file && answer.state === 'running') {
        await wait(POLL_MS);
        const status = await api('labels.printStatus', { params: { printId: answer.printId } });
        if (status.state === 'failed') throw new Error(status.msg ?? GENERIC_ERROR);
        file = status.file;
      }
      if (file) {
        setNote(fallbackNote(file));
        window.location.assign(file.url);
      }
      return file ?? null;
    } catch (caught) {
      setError(isApiError(caught) || caught instanceof Error ? caught.message || GENERIC_ERROR : GENERIC_ERROR);
      return null;
    } finally {
      setPrinting(false);
    }
  }

  return { print, printing, error, note, clearError: () => setError(null) };
}

/** A print of couriers' labels where some parcels got Dakiya's bill: how many, and why (each bill says it too). */
export function fallbackNote(file: Pick<PrintedFile, 'count' | 'notes'>): string | null {
  const notes = file.notes ?? [];
  if (notes.length === 0) return null;
  const reasons = [...new Set(notes.map((n) => n.note.replace(/: Dakiya's airway bill$/, '')))];
  const which = notes.length === 1 ? '1 parcel has' : `${notes.length} of ${file.count} parcels have`;
  return `${which} Dakiya's airway bill instead: ${reasons.join('; ')}.`;
}

/**
 * A print of couriers' labels takes at most LABELS_AT_ONCE parcels (one courier call per TCS or Leopards
 * parcel must fit in a request): a longer list prints in parts, each its own PDF. Positions count from 1.
 */
export function labelParts(trackingNumbers: readonly string[]): { from: number; to: number; trackingNumbers: string[] }[] {
  const parts = [];
  for (let i = 0; i < trackingNumbers.length; i += LABELS_AT_ONCE) {
    const part = trackingNumbers.slice(i, i + LABELS_AT_ONCE);
    parts.push({ from: i + 1, to: i + part.length, trackingNumbers: part });
  }
  return parts;
}
