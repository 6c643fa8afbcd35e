import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_CLAUSES, type StemView } from '@mfd/contracts';
import { errorDetail } from '../../../lib/api-client';
import { useClauses } from '../../../lib/api/clauses';
import { notifyError } from '../../../lib/notify';
import { useSetStemClauses } from '../api/stems';

/** Picks one of the library's clauses the stem does not have yet. */
function AddClause({ stem }: { stem: StemView }) {
  const library = useClauses();
  const save = useSetStemClauses(stem.id);
  const [chosen, setChosen] = useState<string | null>(null);
  if (library.isLoading) return <Text size="sm">Loading the clause library...</Text>;
  if (library.isError)
    return <Alert color="red">{errorDetail(library.error, 'The clause library could not be loaded.')}</Alert>;
  const onStem = new Set(stem.clauses.map((c) => c.id));
  const options = (library.data ?? [])
    .filter((c) => !onStem.has(c.id))
    .map((c) => ({ value: c.id, label: c.title }));
  if (options.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {library.data?.length
          ? 'Every clause of the library is on this stem.'
          : 'The clause library is empty: an administrator adds clauses in Admin › Clauses.'}
      </Text>
    );
  const add = () => {
    if (!chosen) return;
    save
      .mutateAsync([...stem.clauses.map((c) => c.id), chosen])
      .then(() => setChosen(null))
      .catch((err: unknown) => notifyError(`Error adding clause: ${errorDetail(err, 'Please try again.')}`));
  };
  return (
    <Group align="flex-end">
      <Select
        label="Add a clause from the library"
        placeholder="Choose a clause"
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        style={{ flex: 1, minWidth: 220 }}
      />
      <Button
        leftSection={<IconPlus size={16} />}
        disabled={!chosen || save.isPending || stem.clauses.length >= MAX_CLAUSES}
        onClick={add}
      >
        {save.isPending ? 'Adding...' : 'Add Clause'}
      </Button>
    </Group>
  );
}

/**
 * The stem's clauses (issue 24 §1), as the confirmation carries them. While the stem is a draft the
 * trader adds clauses from the company's library and removes them; once sent they are what was
 * confirmed.
 */
export function StemClausesCard({ stem }: { stem: StemView }) {
  const save = useSetStemClauses(stem.id);
  const editable = stem.status === 'draft';
  const remove = (id: string, title: string) =>
    save
      .mutateAsync(stem.clauses.filter((c) => c.id !== id).map((c) => c.id))
      .catch((err: unknown) =>
        notifyError(`Error removing ${title}: ${errorDetail(err, 'Please try again.')}`),
      );
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Clauses
      </Title>
      <Stack gap="md">
        {stem.clauses.length === 0 ? (
          <Text c="dimmed">No clauses on this stem.</Text>
        ) : (
          <Stack
            gap="sm"
            component="ol"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Clauses"
          >
            {stem.clauses.map((c) => (
              <li key={c.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <div>
                    <Text fw={600}>{c.title}</Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{c.text}</Text>
                  </div>
                  {editable && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconX size={14} />}
                      disabled={save.isPending}
                      aria-label={`Remove ${c.title}`}
                      onClick={() => void remove(c.id, c.title)}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}
        {editable ? (
          <AddClause stem={stem} />
        ) : (
          <Text size="sm" c="dimmed">
            The clauses can no longer be changed: the stem has been sent.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
