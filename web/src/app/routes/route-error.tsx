import { useEffect, useMemo } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorPanel } from '../../components/ui/error-panel';
import { LoadingPage } from '../../components/ui/loading-page';
import { claimChunkReload, mayReloadForChunk } from '../../lib/chunk-errors';
import { describeCrash } from '../../lib/crash';
import { perTab } from '../../lib/storage';

/**
 * The router's error element: a screen that threw, or whose code could not be fetched, shows the error
 * panel instead of taking the app down. A missing chunk after a deploy reloads the page once, which
 * brings the new build; `fullPage` when there is no shell around it.
 */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const report = useMemo(() => describeCrash(error), [error]);
  // Rendering only asks; the effect (run once per committed error) records the reload and does it.
  const reloading = useMemo(() => report.kind === 'chunk' && mayReloadForChunk(perTab, Date.now(), navigator.onLine), [report]);
  useEffect(() => {
    if (report.kind === 'chunk' && claimChunkReload(perTab, Date.now(), navigator.onLine)) window.location.reload();
  }, [report]);
  if (reloading) return fullPage ? <LoadingPage label="Updating Dakiya…" /> : null;
  return <ErrorPanel report={report} fullPage={fullPage} />;
}
