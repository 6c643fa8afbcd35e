import { Anchor, Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LIMITS } from '@mfd/contracts';

export interface AutocompleteProps<T> {
  label: string;
  placeholder?: string;
  required?: boolean;
  error?: ReactNode;
  /** Query key prefix: results are cached per kind and text. */
  queryKey: string;
  search: (q: string) => Promise<T[]>;
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** Offered as "Add new?" when nothing matches (after 3 characters and a short pause). */
  onAddNew?: (text: string) => void;
  /** Text the field starts with (remount with a new key to reset it). */
  initialText?: string;
  onTextChange?: (text: string) => void;
}

/**
 * The one typeahead of the app (spec §2): searches from 2 characters, 300 ms after typing stops;
 * shows 'Searching...', the results, or 'No results found.' with 'Add new?' once 3+ characters
 * have rested 500 ms. Arrow keys move through results, Enter picks, Escape closes.
 */
export function AutocompleteSearch<T>(props: AutocompleteProps<T>) {
  const [text, setText] = useState(props.initialText ?? '');
  const [debounced] = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const [addNewText] = useDebouncedValue(text.trim(), LIMITS.addNewDelayMs);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const enabled = debounced.length >= LIMITS.searchMinChars;
  const {
    data = [],
    isFetching,
    isError,
  } = useQuery({
    queryKey: [props.queryKey, 'search', debounced],
    queryFn: () => props.search(debounced),
    enabled,
    staleTime: 60_000,
  });
  const waiting = text.trim().length >= LIMITS.searchMinChars && (text.trim() !== debounced || isFetching);
  const offerAddNew =
    props.onAddNew && addNewText.length >= LIMITS.addNewMinChars && addNewText === text.trim();

  const pick = (key: string) => {
    const item = data.find((i) => props.itemKey(i) === key);
    if (!item) return;
    setText(props.itemLabel(item));
    props.onSelect(item);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
      <Combobox.Target>
        <TextInput
          label={props.label}
          placeholder={props.placeholder}
          required={props.required}
          error={props.error}
          value={text}
          autoComplete="off"
          rightSection={waiting ? <Loader size="xs" /> : null}
          onChange={(e) => {
            setText(e.currentTarget.value);
            props.onTextChange?.(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={text.trim().length < LIMITS.searchMinChars}>
        <Combobox.Options aria-label={`${props.label} results`} mah={320} style={{ overflowY: 'auto' }}>
          {waiting ? (
            <Combobox.Empty>Searching...</Combobox.Empty>
          ) : isError ? (
            <Combobox.Empty>Search is unavailable right now.</Combobox.Empty>
          ) : data.length > 0 ? (
            data.map((item) => (
              <Combobox.Option key={props.itemKey(item)} value={props.itemKey(item)}>
                {props.renderItem(item)}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>
              <Stack gap={4} align="center">
                <Text size="sm">No results found.</Text>
                {offerAddNew && (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => {
                      combobox.closeDropdown();
                      props.onAddNew?.(text.trim());
                    }}
                  >
                    Add new?
                  </Anchor>
                )}
              </Stack>
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The common two-line result: a title and a dimmed detail line. */
export function ResultLine({ title, detail, aside }: { title: string; detail?: string; aside?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
      {aside && (
        <Text size="xs" c="dimmed">
          {aside}
        </Text>
      )}
    </Group>
  );
}
