/**
 * Deterministic tracking numbers: the same seed gives the same numbers in the same order, so
 * snapshots and demo data are stable. A prime stride keeps them unique and not obviously sequential.
 */
export function numberSequence(seed: number, digits: number): () => string {
  const modulus = 10 ** digits;
  let state = Math.abs(Math.trunc(seed * 2654435761)) % modulus;
  return () => {
    state = (state + 7919) % modulus;
    return String(state).padStart(digits, '0');
  };
}
