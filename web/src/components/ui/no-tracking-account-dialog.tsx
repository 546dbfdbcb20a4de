import { Button, Center, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LuPackageX, LuPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';

export const NO_TRACKING_ACCOUNT_TITLE = 'Ooops! You have no tracking account.';

export interface NoTrackingAccountDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * Spec 001 §8 "No tracking account": shown by the booking screens when the store has no active
 * courier account. Create Account leads to the create-account page.
 */
export function NoTrackingAccountDialog({ open, onClose }: NoTrackingAccountDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} placement="center" size="sm" role="alertdialog" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="no-account-dialog">
            <Dialog.Body pt="8">
              <Stack align="center" textAlign="center" gap="3">
                <Center boxSize="12" borderRadius="full" bg="saffron.50" color="saffron.700" fontSize="xl">
                  <LuPackageX />
                </Center>
                <Dialog.Title fontSize="lg">{NO_TRACKING_ACCOUNT_TITLE}</Dialog.Title>
                <Text color="fg.muted">
                  Add your Leopards, M&amp;P, PostEx or TCS account so Dakiya can book and track parcels with it.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center" pb="6">
              <Button variant="outline" onClick={onClose} data-testid="no-account-close">
                Not now
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => {
                  onClose();
                  navigate(paths.dashboard.createAccount());
                }}
                data-testid="no-account-create"
              >
                <LuPlus /> Create Account
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
