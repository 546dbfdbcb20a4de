import { Button, Dialog, Link as ChakraLink, Portal, Stack, Text } from '@chakra-ui/react';

/** Explains what Forgot password will do; the reset-by-email flow arrives in a later issue. */
export default function ForgotPasswordDialog({ supportEmail, onClose }: { supportEmail: string; onClose(): void }) {
  return (
    <Dialog.Root open placement="center" size="sm" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="forgot-dialog">
            <Dialog.Header>
              <Dialog.Title>Forgot your password?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" color="fg.muted" textStyle="sm">
                <Text>
                  Password reset by email is on its way: you will enter your email here and receive a link to set a new
                  password.
                </Text>
                <Text>
                  Until then, your store admin can set a new password for you from Staff, or you can email{' '}
                  <ChakraLink href={`mailto:${supportEmail}`} color="brand.fg">
                    {supportEmail}
                  </ChakraLink>
                  .
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
