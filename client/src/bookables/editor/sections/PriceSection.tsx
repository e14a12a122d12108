import { Button, Checkbox, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useField } from 'react-final-form';
import type { PriceType } from '../../../gql/graphql';
import { decimalText, integerText, isGraduated, priceTypeLabels, removeAt, toSimplePrices } from '../editorRules';
import { type ArrayField, useArrayField } from '../arrayField';
import { helperLine, shownFieldError } from '../../../shared/forms/fieldMessage';
import { EditorSection, ErrorLine, fieldId } from '../fields';
import { PlainTextField } from '../../../shared/forms/PlainTextField';
import { TextField } from '../../../shared/forms/TextField';
import { newPriceCategory, type PriceCategoryValues, tidyPriceText } from '../formValues';
import { categoryVatText, grossHint } from '../grossHint';

// The price typed is the net price; the gross below it follows the VAT rate that applies.
const NET = '(netto)';

const intervalUnits: Record<PriceType, string> = { per_hour: 'Stunden', per_day: 'Tagen', per_item: 'Stück', per_square_meter: 'm²' };

function PriceTypeField() {
  const { input, meta } = useField<PriceType>('priceType');
  const error = shownFieldError(meta);
  const id = fieldId('priceType');
  return (
    <FormGroup label="Preistyp" labelFor={id} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <HTMLSelect id={id} fill value={input.value} onChange={(event) => input.onChange(event.currentTarget.value as PriceType)} aria-invalid={error ? true : undefined}>
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
function CategoryRow({ prices, index, unit, generalVat }: { prices: ArrayField<PriceCategoryValues>; index: number; unit: string; generalVat: string }) {
  const category = prices.list[index] as PriceCategoryValues;
  const id = (path: string) => fieldId(`priceCategories.${index}.${path}`);
  const error = (path: string) => prices.errorAt(`${index}.${path}`);
  const interval = (patch: Partial<PriceCategoryValues['interval']>) => prices.update(index, { interval: { ...category.interval, ...patch } });
  return (
    <fieldset className="bookable-row price-category">
      <legend>Preiskategorie {index + 1}</legend>
      <div className="bookable-row-fields">
        <PlainTextField
          id={id('priceEur')}
          label="Preis (EUR)"
          labelInfo={NET}
          helperText={grossHint(category.priceEur, categoryVatText(category.priceValueAddedTax, generalVat))}
          value={category.priceEur}
          onChange={(priceEur) => prices.update(index, { priceEur })}
          error={error('priceEur')}
          inputMode="decimal"
          filter={decimalText}
          onBlurFormat={tidyPriceText}
        />
        <PlainTextField
          id={id('priceValueAddedTax')}
          label="MwSt. %"
          value={category.priceValueAddedTax}
          onChange={(priceValueAddedTax) => prices.update(index, { priceValueAddedTax })}
          error={error('priceValueAddedTax')}
          inputMode="decimal"
          filter={decimalText}
        />
        <PlainTextField id={id('interval-start')} label="Intervall von" value={category.interval.start} onChange={(start) => interval({ start })} inputMode="decimal" filter={decimalText} placeholder="offen" />
        <PlainTextField id={id('interval-end')} label="Intervall bis" value={category.interval.end} onChange={(end) => interval({ end })} inputMode="decimal" filter={decimalText} placeholder="offen" />
        <Checkbox className="bookable-row-check" id={id('fixedPrice')} label="Pauschalpreis" checked={category.fixedPrice} onChange={(event) => prices.update(index, { fixedPrice: event.currentTarget.checked })} />
        {index > 0 ? (
          <Button
            className="bookable-row-remove"
            icon="trash"
            variant="minimal"
            intent="danger"
            aria-label={`Preiskategorie ${index + 1} löschen`}
            title="Löschen"
            onClick={() => prices.set(removeAt(prices.list, index))}
          />
        ) : (
          // The first category cannot be deleted; the placeholder keeps the columns aligned.
          <span className="bookable-row-remove" />
        )}
      </div>
      <ErrorLine message={error('interval')} />
      <div className="bp6-text-muted bookable-hint">Intervall in {unit}; leer bedeutet offen.</div>
    </fieldset>
  );
}

/** Preise: price type, VAT, simple or graduated price categories, amount. */
export function PriceSection() {
  const prices = useArrayField<PriceCategoryValues>('priceCategories');
  const priceType = useField<PriceType>('priceType', { subscription: { value: true } }).input.value;
  const generalVat = useField<string>('priceValueAddedTax', { subscription: { value: true } }).input.value ?? '';
  const { list } = prices;
  // Switched on by hand before anything makes it graduated by itself.
  const [manual, setManual] = useState(false);
  const graduated = manual || isGraduated(list);

  const setGraduated = (on: boolean) => {
    setManual(on);
    if (!on) prices.set(toSimplePrices(list));
  };
  const add = () => {
    setManual(true);
    prices.set([...list, newPriceCategory(list[list.length - 1])]);
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
            <CategoryRow key={index} prices={prices} index={index} unit={intervalUnits[priceType] ?? 'Einheiten'} generalVat={generalVat} />
          ))}
          <Button icon="add" text="Preiskategorie hinzufügen" onClick={add} />
        </>
      ) : (
        <div className="bookable-grid">
          <PlainTextField
            id={fieldId('priceCategories.0.priceEur')}
            label="Preis (EUR)"
            labelInfo={NET}
            helperText={grossHint(list[0]?.priceEur ?? '', generalVat)}
            value={list[0]?.priceEur ?? ''}
            onChange={(priceEur) => prices.set(list.length ? prices.list.map((category, index) => (index === 0 ? { ...category, priceEur } : category)) : [{ ...newPriceCategory(), priceEur }])}
            error={prices.errorAt('0.priceEur')}
            inputMode="decimal"
            filter={decimalText}
            onBlurFormat={tidyPriceText}
          />
        </div>
      )}
      <div className="bookable-grid bookable-spaced">
        <TextField name="amount" label="Anzahl" inputMode="numeric" filter={integerText} placeholder="unbegrenzt" helperText="Leer lassen für eine unbegrenzte Anzahl." />
      </div>
    </EditorSection>
  );
}
