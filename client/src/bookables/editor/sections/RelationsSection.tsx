import { Checkbox } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { fieldErrorMarker } from '../../../shared/forms/fieldMessage';
import { OrderedList } from '../../../shared/OrderedList';
import { firstMessage } from './pickerOptions';
import { RelationsSearchPicker } from './relationsSearchPicker';
import { useBookableTitles } from '../../picker/BookableSuggest';
import { addCheckout, addRelated, bookableTitle, type CheckoutValues, setMandatory } from './relationsRules';
import { EditorSection } from '../fields';

export interface RelationsSectionProps {
  tenantId: string;
  bookableId: string | null;
}

/** The server's message for a list field until the user changes the form. */
function ServerError({ meta }: { meta: { submitError?: unknown; dirtySinceLastSubmit?: boolean } }) {
  const message = meta.dirtySinceLastSubmit ? undefined : firstMessage(meta.submitError);
  return message ? (
    <div className="bp6-form-helper-text bp6-intent-danger" role="alert" {...fieldErrorMarker}>
      {message}
    </div>
  ) : null;
}

/**
 * 'Abhängige Objekte' (relatedBookableIds, the hierarchy) and 'Checkout-Optionen'
 * (checkoutBookableIds, offered at checkout, optionally mandatory): ordered lists of the tenant's
 * other bookables, shown by title.
 */
export function RelationsSection({ tenantId, bookableId }: RelationsSectionProps) {
  const related = useField<string[]>('relatedBookableIds');
  const relatedIds = related.input.value || [];
  const checkout = useField<CheckoutValues[]>('checkoutBookableIds');
  const checkoutEntries = checkout.input.value || [];
  const checkoutIds = checkoutEntries.map((entry) => entry.bookableId);
  // Only the listed objects' titles are read; the pickers search the tenant's objects as one types.
  const bookables = useBookableTitles(tenantId, [...new Set([...relatedIds, ...checkoutIds])]);
  const self = bookableId ? [bookableId] : [];

  return (
    <>
      <EditorSection title="Abhängige Objekte" icon="diagram-tree">
        <div className="bookable-section-part">
          <OrderedList
            label="Abhängige Objekte"
            items={relatedIds}
            onChange={(next) => related.input.onChange(next)}
            itemKey={(id) => id}
            renderItem={(id) => bookableTitle(bookables, id)}
          />
          <ServerError meta={related.meta} />
          <RelationsSearchPicker
            tenantId={tenantId}
            id="bookable-relatedBookableIds-new"
            label="Abhängiges Objekt auswählen"
            buttonText="Abhängiges Objekt hinzufügen"
            excludedIds={[...self, ...relatedIds]}
            onAdd={(id) => related.input.onChange(addRelated(relatedIds, id))}
          />
        </div>
      </EditorSection>
      <EditorSection title="Checkout-Optionen" icon="shopping-cart">
        <div className="bookable-section-part">
          <OrderedList
            label="Checkout-Optionen"
            items={checkoutEntries}
            onChange={(next) => checkout.input.onChange(next)}
            itemKey={(entry) => entry.bookableId}
            renderItem={(entry, index) => (
              <span style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
                <span style={{ flex: 1 }}>{bookableTitle(bookables, entry.bookableId)}</span>
                <Checkbox
                  id={`bookable-checkoutBookableIds-${index}-mandatory`}
                  label="Pflicht"
                  aria-label={`${bookableTitle(bookables, entry.bookableId)}: Pflicht`}
                  checked={entry.mandatory}
                  style={{ margin: 0 }}
                  onChange={(event) => checkout.input.onChange(setMandatory(checkoutEntries, index, event.currentTarget.checked))}
                />
              </span>
            )}
          />
          <ServerError meta={checkout.meta} />
          <RelationsSearchPicker
            tenantId={tenantId}
            id="bookable-checkoutBookableIds-new"
            label="Checkout-Option auswählen"
            buttonText="Checkout-Option hinzufügen"
            excludedIds={[...self, ...checkoutIds]}
            onAdd={(id) => checkout.input.onChange(addCheckout(checkoutEntries, id))}
          />
        </div>
      </EditorSection>
    </>
  );
}
