import '@blueprintjs/select/lib/css/blueprint-select.css';
import { FormGroup, MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';

/** The list's tag filter: multi-select 'Filtern' over the tenant's bookable tags. */
export function TagFilter({ tags, selected, onChange }: { tags: string[]; selected: string[]; onChange: (tags: string[]) => void }) {
  const toggle = (tag: string) => onChange(selected.includes(tag) ? selected.filter((item) => item !== tag) : [...selected, tag]);
  return (
    <FormGroup label="Filtern" labelFor="bookables-tag-filter" className="bookables-tag-filter">
      <MultiSelect<string>
        items={tags}
        selectedItems={selected}
        fill
        placeholder=""
        resetOnSelect
        popoverProps={{ minimal: true }}
        itemPredicate={(query, tag) => tag.toLowerCase().includes(query.toLowerCase())}
        itemRenderer={(tag, { handleClick, handleFocus, modifiers }) =>
          modifiers.matchesPredicate ? (
            <MenuItem
              key={tag}
              text={tag}
              roleStructure="listoption"
              selected={selected.includes(tag)}
              active={modifiers.active}
              disabled={modifiers.disabled}
              onClick={handleClick}
              onFocus={handleFocus}
            />
          ) : null
        }
        noResults={<MenuItem disabled roleStructure="listoption" text="Keine Filtermöglichkeiten gefunden" />}
        onItemSelect={toggle}
        tagRenderer={(tag) => tag}
        onRemove={(tag) => onChange(selected.filter((item) => item !== tag))}
        onClear={() => onChange([])}
        tagInputProps={{ inputProps: { id: 'bookables-tag-filter' } }}
      />
    </FormGroup>
  );
}
