import '@blueprintjs/select/lib/css/blueprint-select.css';
import { type Intent, MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { matchesEveryWord } from './searchWords';
import { toggleItem } from './selection';

export interface StringMultiSelectProps {
  /** The input's id, for the FormGroup's labelFor. */
  id: string;
  items: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** What an item shows (default: the item itself); search matches it too. */
  labelOf?: (item: string) => string;
  placeholder?: string;
  noResultsText: string;
  intent?: Intent;
  /** Marks the input as invalid while its field shows a message. */
  invalid?: boolean;
  /**
   * The typed text goes to the server, which answers `items` (a picker of thousands); the items
   * already loaded are narrowed to those holding every typed word meanwhile.
   */
  serverSearch?: { query: string; onQueryChange: (query: string) => void };
}

/**
 * The one multi-select of strings (tags, ids, area names): searchable, options as list options,
 * a click toggles, the tags can be removed one by one or all at once.
 */
export function StringMultiSelect({ id, items, selected, onChange, labelOf = (item) => item, placeholder = '', noResultsText, intent = 'none', invalid, serverSearch }: StringMultiSelectProps) {
  return (
    <MultiSelect<string>
      items={items}
      selectedItems={selected}
      fill
      resetOnSelect
      placeholder={placeholder}
      popoverProps={{ minimal: true }}
      {...(serverSearch ? { query: serverSearch.query, onQueryChange: serverSearch.onQueryChange } : {})}
      itemPredicate={serverSearch ? (query, item) => matchesEveryWord(labelOf(item), query) : (query, item) => labelOf(item).toLowerCase().includes(query.toLowerCase())}
      itemRenderer={(item, { handleClick, handleFocus, modifiers }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={item}
            text={labelOf(item)}
            roleStructure="listoption"
            selected={selected.includes(item)}
            active={modifiers.active}
            disabled={modifiers.disabled}
            onClick={handleClick}
            onFocus={handleFocus}
          />
        ) : null
      }
      noResults={<MenuItem disabled roleStructure="listoption" text={noResultsText} />}
      onItemSelect={(item) => onChange(toggleItem(selected, item))}
      tagRenderer={labelOf}
      onRemove={(item) => onChange(selected.filter((other) => other !== item))}
      onClear={() => onChange([])}
      tagInputProps={{ inputProps: { id, 'aria-invalid': invalid ? true : undefined }, intent }}
    />
  );
}
