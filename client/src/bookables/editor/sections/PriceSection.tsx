import { Button, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useField, useForm } from 'react-final-form';
import type { PriceType } from '../../../gql/graphql';
import { decimalText, integerText, isGraduated, priceTypeLabels, removeAt, toSimplePrices } from '../editorRules';
import { CheckboxField, EditorSection, ErrorLine, fieldError, fieldId, TextField, useSubmitError } from '../fields';
import { newPriceCategory, type PriceCategoryValues } from '../formValues';

const intervalUnits: Record<PriceType, string> = { per_hour: 'Stunden', per_day: 'Tagen', per_item: 'Stück', per_square_meter: 'm²' };

function PriceTypeField() {
  const { input, meta } = useField<PriceType>('priceType');
  const error = fieldError(meta);
  const id = fieldId('priceType');
  return (
    <FormGroup label="Preistyp" labelFor={id} helperText={error} intent={error ? 'danger' : 'none'}>
      <HTMLSelect id={id} fill value={input.value} onChange={(event) => input.onChange(event.currentTarget.value as PriceType)}>
        {(Object.keys(priceTypeLabels) as PriceType[]).map((type) => (
          <option key={type} value={type}>
            {priceTypeLabels[type]}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** One row of the graduated prices; a fieldset so each row's fields are found by its legend. */
function CategoryRow({ index, unit, onRemove }: { index: number; unit: string; onRemove?: () => void }) {
  const prefix = `priceCategories[${index}]`;
  const intervalError = useSubmitError(`priceCategories.${index}.interval`);
  return (
    <fieldset className="bookable-row price-category">
      <legend>Preiskategorie {index + 1}</legend>
      <div className="bookable-row-fields">
        <TextField name={`${prefix}.priceEur`} label="Preis (EUR)" inputMode="decimal" filter={decimalText} />
        <TextField name={`${prefix}.priceValueAddedTax`} label="MwSt. %" inputMode="decimal" filter={decimalText} />
        <TextField name={`${prefix}.interval.start`} label="Intervall von" inputMode="decimal" filter={decimalText} placeholder="offen" />
        <TextField name={`${prefix}.interval.end`} label="Intervall bis" inputMode="decimal" filter={decimalText} placeholder="offen" />
        <CheckboxField name={`${prefix}.fixedPrice`} label="Pauschalpreis" className="bookable-row-check" />
        {onRemove ? (
          <Button className="bookable-row-remove" icon="trash" variant="minimal" intent="danger" aria-label={`Preiskategorie ${index + 1} löschen`} title="Löschen" onClick={onRemove} />
        ) : (
          // The first category cannot be deleted; the placeholder keeps the columns aligned.
          <span className="bookable-row-remove" />
        )}
      </div>
      <ErrorLine message={intervalError} />
      <div className="bp6-text-muted bookable-hint">Intervall in {unit}; leer bedeutet offen.</div>
    </fieldset>
  );
}

/** Preise: price type, VAT, simple or graduated price categories, amount. */
export function PriceSection() {
  const form = useForm();
  const { input: categories } = useField<PriceCategoryValues[]>('priceCategories', { subscription: { value: true } });
  const priceType = useField<PriceType>('priceType', { subscription: { value: true } }).input.value;
  const list = categories.value || [];
  // Switched on by hand before anything makes it graduated by itself.
  const [manual, setManual] = useState(false);
  const graduated = manual || isGraduated(list);

  const setGraduated = (on: boolean) => {
    setManual(on);
    if (!on) form.change('priceCategories', toSimplePrices(list));
  };
  const add = () => {
    setManual(true);
    form.change('priceCategories', [...list, newPriceCategory(list[list.length - 1])]);
  };

  return (
    <EditorSection title="Preise" icon="euro">
      <div className="bookable-grid">
        <PriceTypeField />
        <TextField name="priceValueAddedTax" label="MwSt. in %" inputMode="decimal" filter={decimalText} />
      </div>
      <Switch id="bookable-graduated-prices" label="Staffelpreise" checked={graduated} onChange={(event) => setGraduated(event.currentTarget.checked)} />
      {graduated ? (
        <>
          {list.map((_, index) => (
            <CategoryRow key={index} index={index} unit={intervalUnits[priceType] ?? 'Einheiten'} onRemove={index === 0 ? undefined : () => form.change('priceCategories', removeAt(list, index))} />
          ))}
          <Button icon="add" text="Preiskategorie hinzufügen" onClick={add} />
        </>
      ) : (
        <div className="bookable-grid">
          <TextField name="priceCategories[0].priceEur" label="Preis (EUR)" inputMode="decimal" filter={decimalText} />
        </div>
      )}
      <div className="bookable-grid bookable-spaced">
        <TextField name="amount" label="Anzahl" inputMode="numeric" filter={integerText} placeholder="unbegrenzt" helperText="Leer lassen für eine unbegrenzte Anzahl." />
      </div>
    </EditorSection>
  );
}
