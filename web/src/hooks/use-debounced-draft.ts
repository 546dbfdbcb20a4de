import { useEffect, useRef, useState } from 'react';

/**
 * What a person types into a field whose value lives elsewhere (the address): shown at once as typed,
 * handed on (after `normalise`) `delayMs` after the last keystroke, or at once by `flush` (Enter).
 * When the value changes from outside (a chip removed, Clear all) the field shows it again; the value
 * coming back from its own commit ('#1443' handed on as '1443') leaves the typing alone.
 */
export function useDebouncedDraft(value: string, commit: (value: string) => void, options: { delayMs?: number; normalise?: (typed: string) => string } = {}) {
  const { delayMs = 500, normalise = (typed: string) => typed.trim() } = options;
  const [draft, setDraft] = useState(value);
  const sent = useRef(value);
  const latest = useRef({ commit, normalise });
  latest.current = { commit, normalise };

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setDraft(value);
    }
  }, [value]);

  const send = (typed: string) => {
    const next = latest.current.normalise(typed);
    if (next === sent.current) return;
    sent.current = next;
    latest.current.commit(next);
  };

  useEffect(() => {
    if (latest.current.normalise(draft) === sent.current) return;
    const timer = setTimeout(() => send(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs]);

  return { draft, setDraft, flush: () => send(draft) };
}
