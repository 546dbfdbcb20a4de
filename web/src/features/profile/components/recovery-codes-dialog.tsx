import { Alert, Box, Button, Code, Dialog, Grid, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuCopy, LuDownload } from 'react-icons/lu';
import { notifyError } from '../../../components/ui/toaster';
import { RECOVERY_CODES_FILE, recoveryCodesText } from '../two-factor';

export interface RecoveryCodesDialogProps {
  codes: readonly string[];
  account: { email: string; shop: string };
  onClose(): void;
}

/**
 * The recovery codes, shown this once (the server keeps only their digests). It closes only through
 * its button, so a stray click outside cannot lose the codes.
 */
export function RecoveryCodesDialog({ codes, account, onClose }: RecoveryCodesDialogProps) {
  const [copied, setCopied] = useState(false);
  const text = recoveryCodesText(codes, account);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notifyError('The codes could not be copied. Select them and copy them, or download them.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    // the click has started the download; the object URL is not needed after this turn
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <Dialog.Root open placement="center" size="md" closeOnEscape={false} closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="recovery-codes-dialog">
            <Dialog.Header>
              <Dialog.Title>Save your recovery codes</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted" textStyle="sm">
                  If you lose your phone, each of these codes signs you in once instead of the authenticator's code.
                  Keep them somewhere safe, away from your phone.
                </Text>
                <Alert.Root status="warning" variant="subtle" borderRadius="md">
                  <Alert.Indicator />
                  <Alert.Title>You will not see these codes again.</Alert.Title>
                </Alert.Root>
                <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" bg="bg.subtle" p="4">
                  <Grid templateColumns="repeat(2, 1fr)" gap="2" data-testid="recovery-codes">
                    {codes.map((code) => (
                      <Code key={code} size="md" variant="plain" fontSize="sm" letterSpacing="wider" data-testid="recovery-code">
                        {code}
                      </Code>
                    ))}
                  </Grid>
                </Box>
                <HStack gap="2">
                  <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="recovery-codes-copy">
                    {copied ? <LuCheck /> : <LuCopy />} {copied ? 'Copied' : 'Copy'}
                  </Button>
                  <Button variant="outline" size="sm" onClick={download} data-testid="recovery-codes-download">
                    <LuDownload /> Download
                  </Button>
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onClose} data-testid="recovery-codes-done">
                I have saved my codes
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
