import { useQuery } from '@apollo/client/react';
import { Checkbox } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { BookablesDocument } from '../../../gql/graphql';
import { fieldErrorMarker } from '../../../shared/forms/fieldMessage';
import { OrderedList } from '../../../shared/OrderedList';
import { firstMessage } from './pickerOptions';
import { RelationsPicker } from './relationsPicker';
import { addCheckout, addRelated, bookableTitle, type CheckoutValues, relationCandidates, setMandatory } from './relationsRules';
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
  const { data, loading } = useQuery(BookablesDocument, { variables: { tenantId } });
  const bookables = (data?.bookables ?? []).map((bookable) => ({ id: bookable.id, title: bookable.title }));
  const related = useField<string[]>('relatedBookableIds');
  const relatedIds = related.input.value || [];
  const checkout = useField<CheckoutValues[]>('checkoutBookableIds');
  const checkoutEntries = checkout.input.value || [];

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
          <RelationsPicker
            id="bookable-relatedBookableIds-new"
            label="Abhängiges Objekt auswählen"
            buttonText="Abhängiges Objekt hinzufügen"
            options={relationCandidates(bookables, bookableId, relatedIds)}
            loading={loading}
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
          <RelationsPicker
            id="bookable-checkoutBookableIds-new"
            label="Checkout-Option auswählen"
            buttonText="Checkout-Option hinzufügen"
            options={relationCandidates(
              bookables,
              bookableId,
              checkoutEntries.map((entry) => entry.bookableId),
            )}
            loading={loading}
            onAdd={(id) => checkout.input.onChange(addCheckout(checkoutEntries, id))}
          />
        </div>
      </EditorSection>
    </>
  );
}
