import { Button, Center, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export interface NoticeDialogProps {
  open: boolean;
  onClose(): void;
  /** data-testid of the dialog. */
  testId: string;
  icon: ReactNode;
  /** The icon's colour: a warning (the default) or a success. */
  tone?: 'warning' | 'success';
  title: ReactNode;
  message: ReactNode;
  messageTestId?: string;
  /** A second line under the message. */
  detail?: ReactNode;
  detailTestId?: string;
  closeTestId: string;
  /** The main button closes the dialog and goes to `to`; without one, a single Okay closes it. */
  action?: { label: ReactNode; to: string; testId: string };
}

/**
 * A small centred alert dialog: an icon, a title, a line of text, 'Not now' and one button that
 * closes it and navigates somewhere (plan limit, no tracking account).
 */
export function NoticeDialog({ open, onClose, testId, icon, tone = 'warning', title, message, messageTestId, detail, detailTestId, closeTestId, action }: NoticeDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} placement="center" size="sm" role="alertdialog" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid={testId}>
            <Dialog.Body pt="8">
              <Stack align="center" textAlign="center" gap="3">
                <Center
                  boxSize="12" borderRadius="full" fontSize="xl" data-tone={tone}
                  bg={tone === 'success' ? 'green.subtle' : 'saffron.50'} color={tone === 'success' ? 'fg.success' : 'saffron.700'}
                >
                  {icon}
                </Center>
                <Dialog.Title fontSize="lg">{title}</Dialog.Title>
                <Text color="fg.muted" data-testid={messageTestId}>
                  {message}
                </Text>
                {detail && (
                  <Text fontWeight="medium" data-testid={detailTestId}>
                    {detail}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center" pb="6">
              {action ? (
                <>
                  <Button variant="outline" onClick={onClose} data-testid={closeTestId}>
                    Not now
                  </Button>
                  <Button
                    colorPalette="brand"
                    onClick={() => {
                      onClose();
                      navigate(action.to);
                    }}
                    data-testid={action.testId}
                  >
                    {action.label}
                  </Button>
                </>
              ) : (
                <Button colorPalette="brand" onClick={onClose} data-testid={closeTestId}>
                  Okay
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
