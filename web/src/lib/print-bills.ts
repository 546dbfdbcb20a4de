import { useState } from 'react';
import type { LabelSource, PrintedFile } from '@dakiya/shared';
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

  /** `labels: 'courier'`: each courier's own label where it has one (its PDF's Dakiya bills say why the others are not). */
  async function print(trackingNumbers: readonly string[], labels: LabelSource = 'dakiya'): Promise<PrintedFile | null> {
    setPrinting(true);
    setError(null);
    try {
      const answer = await api('labels.print', { body: { trackingNumbers: [...trackingNumbers], ...(labels === 'courier' ? { labels } : {}) } });
      let file = answer.state === 'done' ? answer.file : undefined;
      while (!file && answer.state === 'running') {
        await wait(POLL_MS);
        const status = await api('labels.printStatus', { params: { printId: answer.printId } });
        if (status.state === 'failed') throw new Error(status.msg ?? GENERIC_ERROR);
        file = status.file;
      }
      if (file) window.location.assign(file.url);
      return file ?? null;
    } catch (caught) {
      setError(isApiError(caught) || caught instanceof Error ? caught.message || GENERIC_ERROR : GENERIC_ERROR);
      return null;
    } finally {
      setPrinting(false);
    }
  }

  return { print, printing, error, clearError: () => setError(null) };
}
