import { Alert, Box, Button, Dialog, FileUpload, Flex, Link, Portal, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { IMPORT_MAX_FILE_BYTES } from '@dakiya/shared';
import { useState } from 'react';
import { LuDownload, LuFileSpreadsheet, LuUpload } from 'react-icons/lu';
import { paths } from '../../../lib/paths';
import { pickFile, reportCsv, rowsPast, stoppedWords, type ImportTally } from '../payments-csv';
import { useImportPayments } from '../use-import-payments';

export interface ImportModalProps {
  onClose(): void;
  /** The list and its counts read again (after an import stops, done or not). */
  onChanged(): void;
}

const n = (value: number) => value.toLocaleString('en-US');

/** Saves the rows that did not match as a CSV made here in the browser. */
function downloadReport(tally: ImportTally, file: string) {
  const url = URL.createObjectURL(new Blob([reportCsv(tally.unmatched)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `not-matched-${file.replace(/\.csv$/i, '')}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Counts({ tally }: { tally: ImportTally }) {
  const cells = [['Updated', tally.updated, 'import-updated'], ['Unchanged', tally.unchanged, 'import-unchanged'], ['Not matched', tally.notMatched, 'import-not-matched']] as const;
  return (
    <SimpleGrid columns={3} gap="2">
      {cells.map(([label, value, id]) => (
        <Box key={id} borderWidth="1px" borderColor="border.muted" borderRadius="md" p="2" textAlign="center">
          <Text textStyle="xl" fontWeight="semibold" data-testid={id}>{n(value)}</Text>
          <Text textStyle="xs" color="fg.muted">{label}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** Spec §2 Import modal 'Update payment status by CSV': a CSV upload, the sample's link and Upload. */
export function ImportModal({ onClose, onChanged }: ImportModalProps) {
  const importing = useImportPayments(onChanged);
  const { state } = importing;
  const [chosen, setChosen] = useState<File[]>([]);
  const picked = chosen.length ? pickFile(chosen) : null;
  const refusal = (picked && 'error' in picked ? picked.error : undefined) ?? (state.kind === 'idle' ? state.refusal : undefined);

  const chosenFile = picked && 'file' in picked ? picked.file : null;

  const choose = (files: File[]) => {
    importing.reset();
    setChosen(files);
  };

  return (
    <Dialog.Root open placement="center" size="md" onOpenChange={(e) => !e.open && !importing.busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="import-modal">
            <Dialog.Header>
              <Dialog.Title>Update payment status by CSV</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text textStyle="sm" color="fg.muted">
                  A CSV file with the columns <b>tracking_number</b> and <b>payment_status</b> (PAID or UNPAID), at most {IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB.{' '}
                  <Link href={paths.paymentCsvSample()} download="payment-status-sample.csv" color="fg.info" data-testid="import-sample">
                    <LuDownload aria-hidden /> Download the sample CSV
                  </Link>
                </Text>

                {(state.kind === 'idle') && (
                  <FileUpload.Root
                    maxFiles={1}
                    onFileChange={({ acceptedFiles, rejectedFiles }) => {
                      const files = rejectedFiles.length ? rejectedFiles.map((r) => r.file) : acceptedFiles;
                      if (files.length) choose(files);
                    }}
                  >
                    <FileUpload.HiddenInput data-testid="import-file" aria-label="CSV file" />
                    <FileUpload.Dropzone
                      disableClick w="full" minH="24" p="4" gap="3" alignItems="center" flexDirection="row" flexWrap="wrap"
                      borderWidth="2px" borderStyle="dashed" borderColor="border.emphasized" borderRadius="lg"
                      css={{ '&[data-dragging]': { borderColor: 'brand.solid', bg: 'brand.subtle' } }}
                      data-testid="import-dropzone"
                    >
                      <LuFileSpreadsheet aria-hidden size="24" />
                      <Box flex="1" minW="40">
                        <Text fontWeight="medium" data-testid="import-chosen">{chosenFile ? chosenFile.name : 'No file chosen'}</Text>
                        <Text color="fg.muted" textStyle="sm">{chosenFile ? `${n(Math.ceil(chosenFile.size / 1024))} KB` : 'Drop a .csv file of at most 5 MB here'}</Text>
                      </Box>
                      <FileUpload.Trigger asChild>
                        <Button variant="outline" size="sm" data-testid="import-choose">{chosenFile ? 'Choose another file' : 'Choose CSV file'}</Button>
                      </FileUpload.Trigger>
                    </FileUpload.Dropzone>
                  </FileUpload.Root>
                )}

                {refusal && (
                  <Alert.Root status="error" data-testid="import-refusal">
                    <Alert.Indicator />
                    <Alert.Title>{refusal}</Alert.Title>
                  </Alert.Root>
                )}

                {state.kind === 'processing' && (
                  <Stack gap="2" data-testid="import-progress">
                    <Text textStyle="sm">Updating payment status from {state.file}…</Text>
                    <Progress.Root value={state.of ? Math.round((state.done / state.of) * 100) : 0} max={100} colorPalette="brand" aria-label="Rows imported">
                      <Progress.Track><Progress.Range /></Progress.Track>
                    </Progress.Root>
                    <Text textStyle="xs" color="fg.muted">{n(state.done)} of {n(state.of)} rows</Text>
                  </Stack>
                )}

                {state.kind === 'success' && (
                  <Alert.Root status="success" data-testid="import-success">
                    <Alert.Indicator />
                    <Alert.Title>Finished {state.file}: {n(state.tally.updated)} of {n(state.of)} rows updated</Alert.Title>
                  </Alert.Root>
                )}

                {state.kind === 'error' && (
                  <Alert.Root status="error" data-testid="import-error">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{state.message}</Alert.Title>
                      <Alert.Description>
                        {stoppedWords(state.done, state.of, rowsPast(state.answeredPast ?? [], state.of))}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}

                {state.kind !== 'idle' && <Counts tally={state.tally} />}

                {(state.kind === 'success' || state.kind === 'error') && state.tally.unmatched.length > 0 && (
                  <Button
                    variant="outline" size="sm" alignSelf="start" maxW="full" h="auto" minH="8" py="1.5" whiteSpace="normal" textAlign="start"
                    onClick={() => downloadReport(state.tally, state.file)} data-testid="import-report"
                  >
                    <LuDownload aria-hidden /> Download the {n(state.tally.unmatched.length)} rows that did not match
                  </Button>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Flex gap="2" justify="end" wrap="wrap">
                <Button variant="outline" onClick={onClose} disabled={importing.busy} data-testid="import-close">
                  {state.kind === 'success' ? 'Done' : 'Close'}
                </Button>
                {state.kind === 'idle' && (
                  <Button colorPalette="brand" disabled={!picked || 'error' in picked} onClick={() => void importing.start(chosen)} data-testid="import-upload">
                    <LuUpload aria-hidden /> Upload
                  </Button>
                )}
                {state.kind === 'processing' && <Button colorPalette="brand" loading loadingText="Updating…" data-testid="import-upload" />}
                {state.kind === 'error' && (
                  <Button colorPalette="brand" onClick={() => void importing.resume()} data-testid="import-continue">
                    Continue from row {n(state.done + 1)}
                  </Button>
                )}
                {state.kind === 'success' && (
                  <Button colorPalette="brand" variant="subtle" onClick={() => { setChosen([]); importing.reset(); }} data-testid="import-another">
                    Import another file
                  </Button>
                )}
              </Flex>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
