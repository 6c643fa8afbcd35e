import type { ReactNode } from 'react';
import type { CustomerSearchResult, PortSearchResult } from '@mfd/contracts';
import { AutocompleteSearch, ResultLine } from '../../../components/autocomplete-search';
import { searchPorts } from '../../../lib/api/ports';
import { searchCustomers } from '../api/inquiries';

interface BoxProps<T> {
  initialText?: string;
  error?: ReactNode;
  onPick: (item: T) => void;
  /** Typing after a pick drops it: only an item chosen from the list counts. */
  onClear: () => void;
  onAddNew?: (text: string) => void;
}

/** The inquiry's Customer box: the company's own customers, picked from the list (spec §2). */
export function CustomerBox(props: BoxProps<CustomerSearchResult>) {
  return (
    <AutocompleteSearch
      label="Customer"
      required
      placeholder="Type 2+ characters of the customer's name"
      queryKey="customers"
      search={searchCustomers}
      itemKey={(c) => c.id}
      itemLabel={(c) => c.name}
      renderItem={(c) => <ResultLine title={c.display_name} detail={c.subtitle} />}
      initialText={props.initialText}
      onSelect={props.onPick}
      onTextChange={props.onClear}
      onAddNew={props.onAddNew}
      error={props.error}
    />
  );
}

/** The inquiry's Port box; each result shows its time zone, the zone the schedule is typed in. */
export function PortBox(props: BoxProps<PortSearchResult>) {
  return (
    <AutocompleteSearch
      label="Port"
      required
      placeholder="Port name or UN/LOCODE"
      queryKey="ports"
      search={searchPorts}
      itemKey={(p) => p.id}
      itemLabel={(p) => p.display_name}
      renderItem={(p) => <ResultLine title={p.display_name} detail={p.subtitle} aside={p.timezone} />}
      initialText={props.initialText}
      onSelect={props.onPick}
      onTextChange={props.onClear}
      onAddNew={props.onAddNew}
      error={props.error}
    />
  );
}
