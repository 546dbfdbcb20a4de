import { IMPORT_MESSAGES, type ImportRow } from '@dakiya/shared';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useUnauthorizedOnly } from '../../lib/api-errors';
import { getStoredToken } from '../../lib/storage';
import { addChunk, chunksOf, emptyTally, parsePayments, pickFile, type ImportTally } from './payments-csv';

/** Spec §4 "CSV upload: idle, processing, success or error". */
export type ImportState =
  | { kind: 'idle'; refusal?: string }
  | { kind: 'processing'; file: string; done: number; of: number; tally: ImportTally }
  | { kind: 'success'; file: string; of: number; tally: ImportTally }
  /** A chunk was refused or the connection dropped: the rows before it are saved, and the import can go on from `done`. */
  | { kind: 'error'; file: string; message: string; done: number; of: number; tally: ImportTally; rows?: ImportRow[] };

/** The stopped import, with the session it belongs to: a sign-out keeps this module loaded, not the person. */
let paused: { token: string | null; state: ImportState } | undefined;

const pausedForThisSession = (): ImportState | undefined => (paused && paused.token === getStoredToken() ? paused.state : undefined);

/**
 * Reads the chosen file, then sends its rows a chunk at a time (POST /import-orders), one after
 * another so a tracking number named twice ends as its last row says. `onChanged` runs after the
 * import stops, done or not, so the list and its counts show what was written.
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

  const send = async (file: string, rows: ImportRow[], from: number, tally: ImportTally) => {
    running.current = true;
    let done = from;
    try {
      for (const chunk of chunksOf(rows.slice(from))) {
        setState({ kind: 'processing', file, done, of: rows.length, tally });
        const answer = await api('orders.import', { body: { ordersData: chunk } });
        tally = addChunk(tally, chunk, done, answer);
        done += chunk.length;
      }
      setState({ kind: 'success', file, of: rows.length, tally });
    } catch (error) {
      signOutOn401(error);
      const message = isApiError(error) ? error.message : IMPORT_MESSAGES.unexpected;
      setState({ kind: 'error', file, message, done, of: rows.length, tally, rows });
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
    await send(state.file, state.rows, state.done, state.tally);
  };

  const reset = () => {
    if (running.current) return;
    paused = undefined;
    setState({ kind: 'idle' });
  };

  return { state, start, resume, reset, busy: state.kind === 'processing' };
}
