import { Group, Pagination } from '@mantine/core';

/** A list's page picker under its table, shown only when the rows fill more than one page. */
export function ListPages({
  total,
  pageSize,
  page,
  onChange,
  label,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  /** Names the picker for screen readers: "Inquiry pages". */
  label: string;
}) {
  if (total <= pageSize) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={onChange} aria-label={label} />
    </Group>
  );
}
