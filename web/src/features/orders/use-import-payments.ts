import { IMPORT_MESSAGES, type ImportRow } from '@dakiya/shared';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useUnauthorizedOnly } from '../../lib/api-errors';
import { getStoredToken } from '../../lib/storage';
import { addChunk, emptyTally, parsePayments, pickFile, rowsPast, sendChunks, type ImportTally } from './payments-csv';

/** Spec §4 "CSV upload: idle, processing, success or error". */
export type ImportState =
  | { kind: 'idle'; refusal?: string }
  | { kind: 'processing'; file: string; done: number; of: number; tally: ImportTally }
  | { kind: 'success'; file: string; of: number; tally: ImportTally }
  /**
   * A chunk was refused or the connection dropped: the rows before it are saved (and the chunks past it
   * that were answered, by their first row), and the import can go on from `done`.
   */
  | { kind: 'error'; file: string; message: string; done: number; of: number; tally: ImportTally; rows?: ImportRow[]; answeredPast?: number[] };

/** The stopped import, with the session it belongs to: a sign-out keeps this module loaded, not the person. */
let paused: { token: string | null; state: ImportState } | undefined;

const pausedForThisSession = (): ImportState | undefined => (paused && paused.token === getStoredToken() ? paused.state : undefined);

/**
 * Reads the chosen file, then sends its rows in chunks (POST /import-orders), a few at once, a chunk
 * naming a tracking number of one still out waiting for it, so a number named twice ends as its last
 * row says (payments-csv.ts, sendChunks). `onChanged` runs after the import stops, done or not, so
 * the list and its counts show what was written.
 */
export function useImportPayments(onChanged: () => void) {
  const [state, setState] = useState<ImportState>(() => pausedForThisSession() ?? { kind: 'idle' });
  const running = useRef(false);
  const latest = useRef(state);
  latest.current = state;
  // closing the dialog after a refused chunk must not lose where to go on from: the stopped import
  // waits here (this module stays loaded) until the dialog opens again
  useEffect(() => () => {
    paused = latest.current.kind === 'error' && latest.current.rows ? { token: getStoredToken(), state: latest.current } : undefined;
  }, []);
  // a reload or a closed tab mid-import would stop it between chunks: the browser asks first
  useEffect(() => {
    if (state.kind !== 'processing') return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [state.kind]);
  // a session that ended mid-import signs out as everywhere else; any other refusal stays in the dialog
  const signOutOn401 = useUnauthorizedOnly();

  const send = async (file: string, rows: ImportRow[], from: number, tally: ImportTally, skip: readonly number[] = []) => {
    running.current = true;
    // rows answered so far, in any order: the progress bar's count
    let answered = from + rowsPast(skip, rows.length);
    setState({ kind: 'processing', file, done: answered, of: rows.length, tally });
    try {
      const sent = await sendChunks(rows, from, (chunk) => api('orders.import', { body: { ordersData: chunk } }), (first, chunk, answer) => {
        tally = addChunk(tally, chunk, first, answer);
        answered += chunk.length;
        setState({ kind: 'processing', file, done: answered, of: rows.length, tally });
      }, { skip });
      if (!('error' in sent)) return setState({ kind: 'success', file, of: rows.length, tally });
      signOutOn401(sent.error);
      const message = isApiError(sent.error) ? sent.error.message : IMPORT_MESSAGES.unexpected;
      setState({ kind: 'error', file, message, done: sent.done, of: rows.length, tally, rows, answeredPast: sent.answeredPast });
    } finally {
      running.current = false;
      onChanged();
    }
  };

  const start = async (files: readonly File[]) => {
    if (running.current) return;
    const picked = pickFile(files);
    if ('error' in picked) return setState({ kind: 'idle', refusal: picked.error });
    let text: string;
    try {
      text = await picked.file.text();
    } catch {
      return setState({ kind: 'idle', refusal: IMPORT_MESSAGES.unreadable });
    }
    let parsed: ReturnType<typeof parsePayments>;
    try {
      parsed = parsePayments(text);
    } catch {
      return setState({ kind: 'idle', refusal: IMPORT_MESSAGES.unexpected });
    }
    if ('error' in parsed) return setState({ kind: 'idle', refusal: parsed.error });
    await send(picked.file.name, parsed.rows, 0, emptyTally());
  };

  /** Goes on from the chunk that failed, with the counts so far. */
  const resume = async () => {
    if (state.kind !== 'error' || !state.rows || running.current) return;
    await send(state.file, state.rows, state.done, state.tally, state.answeredPast);
  };

  const reset = () => {
    if (running.current) return;
    paused = undefined;
    setState({ kind: 'idle' });
  };

  return { state, start, resume, reset, busy: state.kind === 'processing' };
}
