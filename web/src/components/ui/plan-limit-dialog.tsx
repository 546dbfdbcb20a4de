import { Button, Center, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { LuGauge } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';

/** Spec 001 §8 "Plan limit": the server's message or this one. */
export const PLAN_LIMIT_FALLBACK = 'Kindly upgrade your plan';

/**
 * 'Plan limit reached' with the server's message; Okay goes to /dashboard/plans. Shown when a create
 * (user, tracking account, booking) answers with `plan_limit_error`.
 */
export function PlanLimitDialog({ message, onClose }: { message: string | null; onClose(): void }) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={message !== null} placement="center" size="sm" role="alertdialog" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="plan-limit-dialog">
            <Dialog.Body pt="8">
              <Stack align="center" textAlign="center" gap="3">
                <Center boxSize="12" borderRadius="full" bg="saffron.50" color="saffron.700" fontSize="xl">
                  <LuGauge />
                </Center>
                <Dialog.Title fontSize="lg">Plan limit reached</Dialog.Title>
                <Text color="fg.muted" data-testid="plan-limit-message">
                  {message || PLAN_LIMIT_FALLBACK}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="center" pb="6">
              <Button variant="outline" onClick={onClose} data-testid="plan-limit-close">
                Not now
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => {
                  onClose();
                  navigate(paths.dashboard.plans());
                }}
                data-testid="plan-limit-okay"
              >
                Okay
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The message to show for a plan-limit answer: `message`, else errors[0].msg, else the fallback. */
export function planLimitMessage(body: { message?: string; errors?: readonly { msg: string }[] } | null | undefined): string {
  return body?.message?.trim() || body?.errors?.[0]?.msg?.trim() || PLAN_LIMIT_FALLBACK;
}
