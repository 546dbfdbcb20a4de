import { Alert, Badge, Box, Button, Dialog, HStack, Portal, Progress, RadioCard, Stack, Text } from '@chakra-ui/react';
import type { ExportFilter, ExportStatus } from '@dakiya/shared';
import { useState } from 'react';
import { LuArrowRight, LuDownload } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { api, isApiError, GENERIC_ERROR } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useExports } from '../api/use-exports';
import { exportLine, exportOptionsFor, exportQueryOf, LINK_NOTE } from '../export-view';
import type { OrdersApiQuery } from '../orders-view';

export interface ExportModalProps {
  /** The list's current view: MATCHED_ORDERS exports what it shows. */
  query: OrdersApiQuery;
  /** The list's total, as the spec's modal receives it. */
  total: number | null;
  totalIsLowerBound: boolean;
  timeZone?: string;
  onClose(): void;
}

interface Refusal { msg: string; paid: boolean }

const refusalOf = (error: unknown): Refusal => ({
  msg: isApiError(error) ? error.message || GENERIC_ERROR : GENERIC_ERROR,
  paid: isApiError(error) && error.code === 'PLAN_FEATURE',
});

/**
 * The Export modal (spec §2): matched or store orders, written by a job on the server. Its progress
 * and its file stay listed under 'Recent exports', so closing the modal or the tab loses nothing; a
 * file is opened by navigating to a link signed for it (the page may not fetch another origin).
 */
export function ExportModal({ query, total, totalIsLowerBound, timeZone, onClose }: ExportModalProps) {
  const { options, initial } = exportOptionsFor(query);
  const [filter, setFilter] = useState<ExportFilter>(initial);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const exports = useExports();
  const planRefusal = exports.error?.code === 'PLAN_FEATURE' ? refusalOf(exports.error) : null;
  const shown = planRefusal ?? refusal;

  async function start() {
    setBusy(true);
    setRefusal(null);
    try {
      await api('orders.export', { query: filter === 'MATCHED_ORDERS' ? exportQueryOf(query) : {}, body: { filter } });
      await exports.mutate();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function download(exportId: string) {
    setRefusal(null);
    try {
      const link = await api('orders.downloadCsv', { body: { exportId } });
      // the file answers as an attachment: the page stays where it is
      window.location.assign(link.url);
    } catch (error) {
      setRefusal(refusalOf(error));
      await exports.mutate();
    }
  }

  const matched = total === null ? '' : ` (${totalIsLowerBound ? 'at least ' : ''}${total.toLocaleString('en-US')})`;
  return (
    <Dialog.Root open placement="center" size="md" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="export-modal">
            <Dialog.Header>
              <Dialog.Title>Export orders</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
<RadioCard.Root value={filter} onValueChange={(e) => e.value && setFilter(e.value as ExportFilter)} aria-label="Orders to export" size="sm">
                  <Stack gap="2">
                    {options.map((option) => (
                      <RadioCard.Item key={option.value} value={option.value} disabled={option.disabled} data-testid={`export-${option.value}`}>
                        <RadioCard.ItemHiddenInput />
                        <RadioCard.ItemControl>
                          <RadioCard.ItemContent>
                            <RadioCard.ItemText>{option.label}{option.value === 'MATCHED_ORDERS' && !option.disabled ? matched : ''}</RadioCard.ItemText>
                            <RadioCard.ItemDescription>{option.hint}</RadioCard.ItemDescription>
                          </RadioCard.ItemContent>
                          <RadioCard.ItemIndicator />
                        </RadioCard.ItemControl>
                      </RadioCard.Item>
                    ))}
                  </Stack>
                </RadioCard.Root>

                {shown && (
                  <Alert.Root status={shown.paid ? 'info' : 'error'} borderRadius="lg" role="alert" data-testid="export-refusal">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Description>{shown.msg}</Alert.Description>
                      {shown.paid && (
                        <Button asChild size="xs" variant="outline" mt="2" alignSelf="start">
                          <Link to={paths.dashboard.plans()}>See plans <LuArrowRight /></Link>
                        </Button>
                      )}
                    </Alert.Content>
                  </Alert.Root>
                )}

                {!planRefusal && (
                  <Box>
                    <Text fontWeight="medium" mb="2">Recent exports</Text>
                    {/* a list that could not load would read as no exports at all, with no way to ask again */}
                    {exports.error && (
                      <LoadErrorAlert error={exports.error} onRetry={() => void exports.mutate()} retrying={exports.isValidating} testId="export-recent-error" mb="2" />
                    )}
                    {exports.data && exports.data.data.length === 0 && <Text textStyle="sm" color="fg.muted">No exports yet.</Text>}
                    <Stack gap="3" data-testid="export-recent">
                      {exports.data?.data.map((e) => <ExportLine key={e.exportId} item={e} timeZone={timeZone} onDownload={() => void download(e.exportId)} />)}
                    </Stack>
                    <Text textStyle="xs" color="fg.muted" mt="3">{LINK_NOTE}</Text>
                  </Box>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>Close</Button>
              <Button onClick={() => void start()} loading={busy} disabled={!!planRefusal} data-testid="export-start">
                {refusal && !refusal.paid && exports.data?.data[0]?.state === 'failed' ? 'Export again' : 'Export'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ExportLine({ item, timeZone, onDownload }: { item: ExportStatus; timeZone?: string; onDownload(): void }) {
  const tone = { running: 'blue', done: 'green', failed: 'red', expired: 'gray' }[item.state];
  return (
    <Stack gap="1" data-testid="export-line" data-state={item.state}>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Stack gap="0">
          <Text textStyle="sm" data-testid="export-line-text">{exportLine(item)}</Text>
          <Text textStyle="xs" color="fg.muted">{formatDateTime(item.createdAt, { timeZone })}</Text>
        </Stack>
        {item.state === 'done'
          ? <Button size="xs" variant="outline" onClick={onDownload} data-testid="export-download"><LuDownload /> Download</Button>
          : <Badge colorPalette={tone}>{item.state === 'running' ? 'Writing' : item.state === 'failed' ? 'Failed' : 'Gone'}</Badge>}
      </HStack>
      {item.state === 'running' && (
        <Progress.Root value={null} size="xs" aria-label="Export progress">
          <Progress.Track><Progress.Range /></Progress.Track>
        </Progress.Root>
      )}
    </Stack>
  );
}
