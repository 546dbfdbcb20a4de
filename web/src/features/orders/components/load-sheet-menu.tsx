import { Button, Menu, Portal } from '@chakra-ui/react';
import { courierDefinition } from '@dakiya/shared';
import { useState } from 'react';
import { LuClipboardList } from 'react-icons/lu';
import { api, GENERIC_ERROR, isApiError } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

export interface LoadSheetMenuProps {
  /** A refusal (nothing waiting for pickup): the page shows it. */
  onError(message: string | null): void;
  /** Dakiya's sheet printed where the courier has its own, and why (the courier down or refusing): the page says so. */
  onNote(note: string | null): void;
}

/**
 * 'Load sheet': one per tracking account, the parcels its rider takes since the account's last sheet. The PDF
 * opens by navigating to its signed link, as the airway bills do (the files bucket is another origin).
 */
export function LoadSheetMenu({ onError, onNote }: LoadSheetMenuProps) {
  const { data } = useApi('accounts.active', {}, { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);
  const accounts = data?.accounts ?? [];

  async function print(accountId: string) {
    setBusy(true);
    onError(null);
    onNote(null);
    try {
      const sheet = await api('labels.loadSheet', { body: { accountId } });
      onNote(sheet.note ?? null);
      window.location.assign(sheet.file.url);
    } catch (caught) {
      onError(isApiError(caught) ? caught.message || GENERIC_ERROR : GENERIC_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={accounts.length === 0} loading={busy} loadingText="Load sheet…" data-testid="orders-load-sheet">
          <LuClipboardList aria-hidden /> Load sheet
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" data-testid="orders-load-sheet-accounts">
            {accounts.map((account) => (
              <Menu.Item key={account._id} value={account._id} onSelect={() => void print(account._id)} data-testid={`orders-load-sheet-${account._id}`}>
                {account.name} ({courierDefinition(account.company).name})
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
