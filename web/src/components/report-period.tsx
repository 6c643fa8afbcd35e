import { Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_REPORT_DAYS, reportPeriod } from '@mfd/contracts';

/** The dates a user typed for a report: empty while they leave the server's default period. */
export function usePeriodInput() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return { from, to, setFrom, setTo };
}

export type PeriodInput = ReturnType<typeof usePeriodInput>;

/**
 * The days the report shows: as typed, else the server's rule (the last 90 days up to today in
 * `timeZone`, UTC by default), so the page can say which days an empty field stands for.
 */
export function shownPeriod(period: { from: string; to: string }, timeZone?: string | null) {
  return reportPeriod({ from: period.from || undefined, to: period.to || undefined }, new Date(), timeZone);
}

/** The error the server gave for one field of the query, under that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  const errors = (error as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
  return errors.find((e) => e.field === field)?.message;
}

/** From / To date fields for a report, grouped and named so two on one page stay apart. */
export function PeriodFields({
  period,
  name,
  error,
}: {
  period: PeriodInput;
  /** What the period is for ("Margins period"): the group's accessible name. */
  name: string;
  error?: unknown;
}) {
  return (
    <Group role="group" aria-label={name} align="flex-start" wrap="wrap">
      <TextInput
        label="From"
        type="date"
        value={period.from}
        onChange={(e) => period.setFrom(e.currentTarget.value)}
        error={fieldError(error, 'from')}
      />
      <TextInput
        label="To"
        type="date"
        value={period.to}
        onChange={(e) => period.setTo(e.currentTarget.value)}
        error={fieldError(error, 'to')}
      />
    </Group>
  );
}

/** "Showing 2026-08-30 to 2026-11-27 (the last 90 days)": which days the figures cover. */
export function PeriodCaption({
  period,
  timeZone,
}: {
  period: { from: string; to: string };
  timeZone?: string | null;
}) {
  const shown = shownPeriod(period, timeZone);
  const defaulted = !period.from && !period.to;
  return (
    <Text size="sm" c="dimmed">
      Showing {shown.from} to {shown.to}
      {defaulted ? ` (the last ${DEFAULT_REPORT_DAYS} days)` : ''}
    </Text>
  );
}
