import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';

/** The side navigation as a drawer below `lg`. Its own chunk: it loads when a phone first opens it. */
export default function NavDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange(open: boolean): void; children: ReactNode }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* a dialog needs a name for a screen reader to announce it; the logo is only a picture */}
          <Drawer.Content aria-label="Navigation" data-testid="nav-drawer">
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted" py="4">
              <Logo />
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close navigation" />
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body p="0">{children}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
