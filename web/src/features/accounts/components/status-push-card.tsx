import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuCopy, LuRadioTower, LuRefreshCw } from 'react-icons/lu';
import type { TrackingAccount } from '@dakiya/shared';
import { api } from '../../../lib/api';
import { useHandleApiError, useUnauthorizedOnly } from '../../../lib/api-errors';
import { useApi } from '../../../lib/swr';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { COURIERS } from '../couriers';
import { lastPushText } from '../status-push';

/**
 * The callback address to give a courier that pushes its status changes (Leopards, issue 22), and when
 * the last push came. The address carries the account's secret: this card is on the edit page, which
 * only those with WRITE_ACCOUNTS open, and the API answers it to them alone.
 */
export function StatusPushCard({ account, timeZone }: { account: TrackingAccount; timeZone?: string }) {
  const onError = useUnauthorizedOnly();
  const handleError = useHandleApiError();
  const { data, error, isValidating, mutate } = useApi('accounts.statusPush', { params: { id: account._id } }, { onError, revalidateOnFocus: false });
  const [copied, setCopied] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const courier = COURIERS[account.company].name;

  const copy = () => {
    if (!data) return;
    void navigator.clipboard?.writeText(data.url).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    }, () => undefined);
  };
  const renew = async () => {
    setRenewing(true);
    try {
      await mutate(await api('accounts.newStatusPush', { params: { id: account._id } }), { revalidate: false });
    } catch (e) {
      handleError(e);
    } finally {
      setRenewing(false);
    }
  };

  return (
    <SectionCard
      title="Status updates from the courier"
      icon={<LuRadioTower />}
      description={`Give ${courier} this address for its status pushes: parcels then move as soon as ${courier} scans them. Keep it private, like a password.`}
      testId="status-push"
    >
      {error ? (
        <LoadErrorAlert error={error} onRetry={() => void mutate()} retrying={isValidating} testId="status-push-error" />
      ) : (
        <Stack gap="3">
          <HStack gap="2" align="start">
            {/* the whole address, wrapped: a one-line field showed a phone its host alone and a desktop two thirds of the key */}
            <Text
              flex="1"
              minW="0"
              px="3"
              py="2"
              borderWidth="1px"
              borderRadius="l2"
              bg="bg.subtle"
              fontFamily="mono"
              textStyle="sm"
              wordBreak="break-all"
              color={data ? undefined : 'fg.muted'}
              data-testid="status-push-url"
            >
              {data?.url ?? 'Loading the address…'}
            </Text>
            <Button variant="outline" onClick={copy} disabled={!data} data-testid="status-push-copy">
              {copied ? <LuCheck /> : <LuCopy />} {copied ? 'Copied' : 'Copy'}
            </Button>
          </HStack>
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Text textStyle="sm" color="fg.muted" data-testid="status-push-last">
              {lastPushText(data?.last_push_at, courier, timeZone)}
            </Text>
            <Button variant="ghost" size="sm" onClick={() => void renew()} loading={renewing} disabled={!data} data-testid="status-push-renew">
              <LuRefreshCw /> New address
            </Button>
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            A new address stops the old one at once: give {courier} the new one.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
