import { ActionIcon, Badge, Group, Stack } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { searchPorts } from '../lib/api/ports';
import { AddPortDialog } from './add-port-dialog';
import { AutocompleteSearch, ResultLine } from './autocomplete-search';

export interface CoveredPort {
  id: string;
  unlocode: string;
  name: string;
}

/**
 * The ports a supplier covers, for Add and Edit alike: a search box (whose "Add new?" opens the Add
 * New Port dialog with the text typed) and the chosen ports as badges that can be removed.
 */
export function PortCoveragePicker({
  value,
  onChange,
  error,
}: {
  value: CoveredPort[];
  onChange: (ports: CoveredPort[]) => void;
  error?: ReactNode;
}) {
  const [newPortText, setNewPortText] = useState<string | null>(null);
  // A new key empties the search box once a port was added through the dialog.
  const [searchKey, setSearchKey] = useState(0);
  const add = (p: CoveredPort) => {
    if (!value.some((x) => x.id === p.id))
      onChange([...value, { id: p.id, unlocode: p.unlocode, name: p.name }]);
  };
  return (
    <Stack gap="xs">
      <AutocompleteSearch
        key={searchKey}
        label="Add a port"
        placeholder="Search by name or UN/LOCODE"
        queryKey="ports"
        search={searchPorts}
        itemKey={(p) => p.id}
        itemLabel={() => ''}
        renderItem={(p) => (
          <ResultLine
            title={p.display_name}
            detail={p.pending ? `${p.subtitle} · your company’s own, awaiting approval` : p.subtitle}
          />
        )}
        onSelect={add}
        onAddNew={setNewPortText}
        error={error}
      />
      <Group gap="xs">
        {value.map((p) => (
          <Badge
            key={p.id}
            variant="light"
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={`Remove ${p.unlocode}`}
                onClick={() => onChange(value.filter((x) => x.id !== p.id))}
              >
                <IconX size={12} />
              </ActionIcon>
            }
          >
            {p.unlocode} {p.name}
          </Badge>
        ))}
      </Group>
      {newPortText !== null && (
        // The dialog's own form submits inside a portal; React would bubble that submit to the
        // supplier form this picker sits in.
        <div onSubmit={(e) => e.stopPropagation()}>
          <AddPortDialog
            opened
            initialText={newPortText}
            onClose={() => setNewPortText(null)}
            onCreated={(p) => {
              add(p);
              setSearchKey((k) => k + 1);
            }}
          />
        </div>
      )}
    </Stack>
  );
}
