import { Component, type ReactNode } from 'react';

export interface PartBoundaryProps {
  /** Drawn instead of the part once it failed (often nothing). */
  fallback: ReactNode;
  /** Told once per failure, e.g. to settle a pending promise or say what did not open. */
  onError?(error: unknown): void;
  children: ReactNode;
}

/**
 * Around a part that loads its code on demand (the toast view, a dialog, a menu): if that code cannot
 * be fetched (the connection dropped) only the part gives way, not the screen around it.
 */
export class PartBoundary extends Component<PartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Fetch on-demand code while the browser is idle, so it is there when the connection is not. */
export function prefetchWhenIdle(...loads: (() => Promise<unknown>)[]): () => void {
  if (typeof window === 'undefined') return () => {};
  const run = () => loads.forEach((load) => void load().catch(() => {}));
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = globalThis.setTimeout(run, 1500);
  return () => globalThis.clearTimeout(handle);
}
