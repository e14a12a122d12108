import { useQuery } from '@apollo/client/react';
import { FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import { BookablePickerUsersDocument } from '../../../gql/graphql';
import { helperLine } from '../../../shared/forms/fieldMessage';
import { StringMultiSelect } from '../../../shared/forms/StringMultiSelect';
import { PICKER_SEARCH_DELAY_MS, useDebouncedValue } from '../../../shared/useDebouncedValue';
import { firstMessage, knownLabels, optionLabel, userOptions } from './pickerOptions';

export interface UserPickerMultiSelectProps {
  tenantId: string;
  /** The form field: a list of e-mail addresses (permittedUsers, freeBookingUsers). */
  name: string;
  label: string;
  id: string;
}

/**
 * A MultiSelect of the tenant's people bound to a list field, searched on the server as one types
 * (a city's tenant has thousands): it shows the first page of matches by name. The people chosen
 * when the editor opened come with every answer, those chosen since are remembered, so each tag
 * keeps its name; an id the tenant no longer knows stays a bare tag.
 */
export function UserPickerMultiSelect({ tenantId, name, label, id }: UserPickerMultiSelectProps) {
  const { input, meta } = useField<string[]>(name);
  const selected = input.value || [];
  const [query, setQuery] = useState('');
  const sentSearch = useDebouncedValue(query.trim(), PICKER_SEARCH_DELAY_MS);
  const [openedWith] = useState(selected);
  const { data, previousData, loading, error } = useQuery(BookablePickerUsersDocument, {
    variables: { tenantId, userSearch: sentSearch || null, userIds: openedWith.length ? openedWith : null },
  });
  const answer = (data ?? previousData)?.bookablePickerOptions;
  const [remembered, setRemembered] = useState<Record<string, string>>({});
  const answered = userOptions(answer?.users ?? []);
  const options = knownLabels(remembered, answered);
  const fieldError = meta.dirtySinceLastSubmit ? undefined : firstMessage(meta.submitError);
  const note = error ? 'Benutzer konnten nicht geladen werden.' : answer?.moreUsers ? 'Weitere Personen passen: Tippen Sie weiter, um die Suche einzugrenzen.' : undefined;
  return (
    <FormGroup label={label} labelFor={id} helperText={helperLine(fieldError, note)} intent={fieldError || error ? 'danger' : 'none'}>
      <StringMultiSelect
        id={id}
        items={answered.map((option) => option.id)}
        selected={selected}
        onChange={(next) => {
          const added = next.filter((item) => !selected.includes(item));
          if (added.length) setRemembered((known) => ({ ...known, ...Object.fromEntries(added.map((item) => [item, optionLabel(options, item)])) }));
          input.onChange(next);
        }}
        labelOf={(item) => optionLabel(options, item)}
        placeholder={loading && !answer ? 'Daten werden geladen...' : 'Name oder E-Mail eingeben …'}
        noResultsText={loading ? 'Suche läuft …' : 'Keine Personen gefunden'}
        intent={fieldError ? 'danger' : 'none'}
        invalid={Boolean(fieldError)}
        serverSearch={{ query, onQueryChange: setQuery }}
      />
    </FormGroup>
  );
}
