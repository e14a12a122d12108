import { useQuery } from '@apollo/client/react';
import { Menu, MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useState } from 'react';
import { BookableChoicesDocument, BookingObjectChoiceSearchDocument } from '../../gql/graphql';
import { matchesEveryWord } from '../../shared/forms/searchWords';
import { PICKER_SEARCH_DELAY_MS, useDebouncedValue } from '../../shared/useDebouncedValue';
import { type BookableOption, relationCandidates } from '../editor/sections/relationsRules';

/** An object as a picker offers it: the location helps tell two rooms of one title apart and is searched too. */
export interface ChoiceOption extends BookableOption {
  /** Absent where the list does not carry it (the bookings' choices). */
  location?: string;
  isPublic?: boolean;
}

/** Objects a picker shows per answer: the first of the matches; typing narrows them. */
export const BOOKABLE_CHOICES_PER_REQUEST = 20;

/** The titles of the chosen objects (the parent, the listed dependents), read once by id, not with the whole tenant. */
export function useBookableTitles(tenantId: string, ids: readonly string[]): ChoiceOption[] {
  const { data, previousData } = useQuery(BookableChoicesDocument, {
    variables: { tenantId, ids: [...ids], first: Math.min(Math.max(ids.length, 1), 500) },
    skip: ids.length === 0,
  });
  return ids.length === 0 ? [] : ((data ?? previousData)?.bookablePage.items ?? []);
}

export interface BookableSuggestProps {
  tenantId: string;
  /** The input's id, for the FormGroup's labelFor. */
  id: string;
  selected: ChoiceOption | null;
  onSelect: (option: ChoiceOption) => void;
  /** Objects not to offer: the edited one, those already listed. */
  excludedIds: readonly string[];
  placeholder: string;
  /**
   * Whose objects: those the viewer may read as an editor (`bookables`, the default), or every
   * object of the tenant for staff who read bookings (`bookingChoices`).
   */
  source?: 'bookables' | 'bookingChoices';
  /** Only public objects (a public calendar feed); of `bookables` only. */
  publicOnly?: boolean;
}

/**
 * One object of the tenant, searched on the server as one types (a city's tenant has hundreds):
 * the first matches by title or location, narrowed meanwhile to those holding every typed word.
 */
export function BookableSuggest({ tenantId, id, selected, onSelect, excludedIds, placeholder, source = 'bookables', publicOnly = false }: BookableSuggestProps) {
  const [query, setQuery] = useState('');
  const sentSearch = useDebouncedValue(query.trim(), PICKER_SEARCH_DELAY_MS);
  const variables = { tenantId, search: sentSearch || null, first: BOOKABLE_CHOICES_PER_REQUEST };
  const editors = useQuery(BookableChoicesDocument, { variables: { ...variables, isPublic: publicOnly ? true : null }, skip: source !== 'bookables' });
  const staff = useQuery(BookingObjectChoiceSearchDocument, { variables, skip: source !== 'bookingChoices' });
  const page: { items: ChoiceOption[]; totalCount: number } | undefined =
    source === 'bookables' ? (editors.data ?? editors.previousData)?.bookablePage : (staff.data ?? staff.previousData)?.bookingObjectChoicePage;
  const loading = editors.loading || staff.loading;
  const items = relationCandidates(page?.items ?? [], null, excludedIds);
  const more = page && page.totalCount > page.items.length;
  return (
    <Suggest<ChoiceOption>
      items={items}
      selectedItem={selected}
      query={query}
      onQueryChange={setQuery}
      fill
      resetOnClose
      closeOnSelect
      popoverProps={{ minimal: true }}
      inputProps={{ id, placeholder }}
      inputValueRenderer={(option) => option.title}
      itemsEqual="id"
      // The answer to the typed text shows whole (a match may be by location); an older one is narrowed meanwhile.
      itemPredicate={(typed, option) => typed.trim() === sentSearch || matchesEveryWord(`${option.title} ${option.location ?? ''}`, typed)}
      itemRenderer={(option, { handleClick, handleFocus, modifiers }) =>
        modifiers.matchesPredicate ? (
          <MenuItem key={option.id} text={option.title} roleStructure="listoption" active={modifiers.active} selected={selected?.id === option.id} onClick={handleClick} onFocus={handleFocus} />
        ) : null
      }
      onItemSelect={onSelect}
      itemListRenderer={({ renderItem, itemsParentRef, filteredItems, menuProps }) => (
        <Menu role="listbox" ulRef={itemsParentRef} {...menuProps}>
          {filteredItems.length === 0 ? <MenuItem disabled roleStructure="listoption" text={loading ? 'Suche läuft …' : 'Keine Objekte gefunden'} /> : filteredItems.map(renderItem)}
          {more ? <MenuItem disabled roleStructure="listoption" text="Weitere Objekte passen: Tippen Sie weiter, um die Suche einzugrenzen." /> : null}
        </Menu>
      )}
    />
  );
}
