import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import type { Scorecard } from '@dakiya/shared';
import { COURIER_BY_ID } from '@dakiya/shared/couriers';
import { rowDays } from '../../../lib/scorecard';

const pct = (n: number | null) => (n === null ? '–' : `${n}%`);

/**
 * The courier x city scorecard: per city, each courier's delivered and returned shares of its parcels
 * that ended, the best marked, and its median and p90 days from booking to delivery.
 */
export function ScorecardTable({ card, onPage }: { card: Scorecard; onPage(page: number): void }) {
  const cities = card.data.filter((c) => c.couriers.length);
  const pages = Math.ceil(card.totalCities / card.limit);
  const rebuilding = cities.some((c) => !c.daysByCourier);
  return (
    <>
      {cities.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" data-testid="scorecard-empty">No bookings to these cities in this range.</Text>
      ) : (
        // a region that scrolls on a phone: reachable by keyboard, named for a screen reader
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} aria-label="Couriers by city">
          <Table.Root size="sm" data-testid="scorecard-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>City</Table.ColumnHeader>
                <Table.ColumnHeader>Courier</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Booked</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Delivered</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Returned</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" title="Half of the courier's deliveries here arrived within this many days of booking">Median days</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" title="Nine in ten of the courier's deliveries here arrived within this many days of booking">p90 days</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {cities.flatMap((city) => city.couriers.map((c, i) => ({ city, c, i, days: rowDays(city, c, i === 0) }))).map(({ city, c, i, days }) => (
                <Table.Row key={`${city.city}-${c.company}`} data-testid={`scorecard-${city.city}-${c.company}`}>
                  <Table.Cell fontWeight="medium">{i === 0 ? city.city : ''}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Text>{COURIER_BY_ID[c.company].name}</Text>
                      {c.best && <Badge colorPalette="green" data-testid="scorecard-best">Best here</Badge>}
                      {c.smallSample && <Badge colorPalette="gray" title={`Fewer than ${card.minSample} parcels delivered or returned: the shares say little yet`}>Few parcels</Badge>}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{c.booked}</Table.Cell>
                  <Table.Cell textAlign="end">{pct(c.deliveredPct)}</Table.Cell>
                  <Table.Cell textAlign="end">{pct(c.returnedPct)}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="scorecard-median">{days.median}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="scorecard-p90">{days.p90}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <HStack justify="space-between" mt="3">
        <Text textStyle="xs" color="fg.muted">
          Shares of parcels that ended (delivered or returned). 'Few parcels': fewer than {card.minSample} ended. Days from booking to delivery, 15+ for 15 or more.
          {rebuilding && ' Days per courier are being recounted for part of this range: the city\'s are shown.'}
          {card.totalCities > 0 && ` Cities ${(card.page - 1) * card.limit + 1} to ${Math.min(card.page * card.limit, card.totalCities)} of ${card.totalCities}.`}
        </Text>
        <HStack gap="2">
          <Button size="xs" variant="outline" disabled={card.page <= 1} onClick={() => onPage(card.page - 1)} data-testid="scorecard-previous">Previous</Button>
          <Button size="xs" variant="outline" disabled={card.page >= pages} onClick={() => onPage(card.page + 1)} data-testid="scorecard-next">Next</Button>
        </HStack>
      </HStack>
    </>
  );
}
