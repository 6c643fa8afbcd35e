import { Text } from '@mantine/core';
import type { LastDoneLine } from '@mfd/contracts';
import { priceDifference } from '@mfd/pricing';
import { formatUsd } from '../lib/money';

/** Beside a fuel line: what the company last awarded for its grade at this port, and when (port time). */
export function LastDoneLabel({ lastDone }: { lastDone: LastDoneLine | undefined }) {
  if (!lastDone) return null;
  return (
    <Text size="xs" c="dimmed" fw={400}>
      Last done at this port: {formatUsd(lastDone.price_per_mt)} on {lastDone.date}
    </Text>
  );
}

/** Under an offered price: how far it is from the last done, exactly. */
export function LastDoneDifference({
  price,
  lastDone,
}: {
  price: string | null | undefined;
  lastDone: LastDoneLine | undefined;
}) {
  if (!price || !lastDone) return null;
  const difference = priceDifference(price, lastDone.price_per_mt);
  const words = difference.startsWith('-')
    ? `${formatUsd(difference.slice(1))} below last done`
    : /^0\.00$/.test(difference)
      ? 'Same as last done'
      : `${formatUsd(difference)} above last done`;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {words}
    </Text>
  );
}
