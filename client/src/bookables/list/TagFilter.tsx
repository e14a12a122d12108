import { FormGroup } from '@blueprintjs/core';
import { StringMultiSelect } from '../../shared/forms/StringMultiSelect';

/** The list's tag filter: multi-select 'Filtern' over the tenant's bookable tags. */
export function TagFilter({ tags, selected, onChange }: { tags: string[]; selected: string[]; onChange: (tags: string[]) => void }) {
  return (
    <FormGroup label="Filtern" labelFor="bookables-tag-filter" className="bookables-tag-filter">
      <StringMultiSelect id="bookables-tag-filter" items={tags} selected={selected} onChange={onChange} noResultsText="Keine Filtermöglichkeiten gefunden" />
    </FormGroup>
  );
}
