import { useMutation } from '@apollo/client/react';
import { Dialog, DialogBody, FormGroup, InputGroup, Radio, RadioGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Form, useField } from 'react-final-form';
import { couponFormSchema } from '../../../common/coupons/coupon.schema';
import { parseNumber } from '../../../common/validation/numbers';
import { type CouponFieldsFragment, CouponsDocument, CreateCouponDocument, UpdateCouponDocument } from '../gql/graphql';
import { DateTimeField } from '../shared/forms/DateTimeField';
import { DialogSaveFooter } from '../shared/forms/DialogSaveFooter';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { useSaveDialog } from '../shared/forms/saveDialog';
import { type CouponKind, couponTypeLabels, discountText } from './couponFormat';
import { couponMessages } from './couponMessages';

interface CouponFormValues {
  id: string;
  description: string;
  maxAmount: string;
  type: CouponKind;
  discount: string;
  /** ISO strings from the picker (Europe/Berlin), null when cleared. */
  validFrom: string | null;
  validTo: string | null;
}

/** The rules and German messages the server checks the coupon with (common/coupons/coupon.schema.ts). */
const validateCoupon = schemaValidate<CouponFormValues>(couponFormSchema);

function initialValues(coupon: CouponFieldsFragment | null): CouponFormValues {
  return {
    id: coupon?.id ?? '',
    description: coupon?.description ?? '',
    maxAmount: coupon?.maxAmount === null || coupon?.maxAmount === undefined ? '' : String(coupon.maxAmount),
    // A new coupon starts with type fixed ("Betrag").
    type: coupon?.type ?? 'fixed',
    discount: coupon ? discountText(coupon.discount, coupon.type) : '',
    validFrom: (coupon?.validFrom as string | null | undefined) ?? null,
    validTo: (coupon?.validTo as string | null | undefined) ?? null,
  };
}

function TextInput({ name, label, id, disabled, rightElement, inputMode, placeholder }: { name: keyof CouponFormValues; label: string; id: string; disabled?: boolean; rightElement?: React.JSX.Element; inputMode?: 'decimal' | 'numeric'; placeholder?: string }) {
  const { input, meta } = useField<string>(name);
  const error = shownFieldError(meta);
  return (
    <FormGroup label={label} labelFor={id} helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup {...input} value={input.value ?? ''} id={id} disabled={disabled} inputMode={inputMode} placeholder={placeholder} rightElement={rightElement} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} fill />
    </FormGroup>
  );
}

function TypeAndValue() {
  const { input } = useField<CouponKind>('type');
  return (
    <>
      <RadioGroup label="Typ" inline selectedValue={input.value} onChange={(event) => input.onChange(event.currentTarget.value as CouponKind)}>
        <Radio label={couponTypeLabels.percentage} value="percentage" />
        <Radio label={couponTypeLabels.fixed} value="fixed" />
      </RadioGroup>
      <TextInput name="discount" label="Wert" id="coupon-discount" inputMode="decimal" rightElement={<Tag minimal>{input.value === 'percentage' ? '%' : '€'}</Tag>} />
    </>
  );
}

/** Create and edit dialog of a coupon (max 800 px). It stays open when saving fails. */
export function CouponDialog({ tenantId, coupon, onClose }: { tenantId: string; coupon: CouponFieldsFragment | null; onClose: () => void }) {
  const refetch = { refetchQueries: [{ query: CouponsDocument, variables: { tenantId } }], awaitRefetchQueries: true };
  const [create] = useMutation(CreateCouponDocument, refetch);
  const [update] = useMutation(UpdateCouponDocument, refetch);
  // Held once: new initial values on a later render would reset what was typed.
  const [startValues] = useState(() => initialValues(coupon));

  const saveCoupon = async (values: CouponFormValues) => {
    const maxAmount = values.maxAmount.trim();
    const input = {
      id: values.id.trim() || null,
      description: values.description.trim(),
      type: values.type,
      discount: parseNumber(values.discount) ?? 0,
      maxAmount: maxAmount === '' ? null : Number(maxAmount),
      // No date: null. The picker gives a date without a chosen time as midnight.
      validFrom: values.validFrom ? new Date(values.validFrom).toISOString() : null,
      validTo: values.validTo ? new Date(values.validTo).toISOString() : null,
    };
    if (coupon) await update({ variables: { tenantId, input: { ...input, id: coupon.id } } });
    else await create({ variables: { tenantId, input } });
  };
  const dialog = useSaveDialog<CouponFormValues>({
    save: saveCoupon,
    saved: coupon ? couponMessages.edited : couponMessages.created,
    failed: couponMessages.saveError,
    onSaved: onClose,
  });

  return (
    <Dialog isOpen title={coupon ? 'Gutschein bearbeiten' : 'Gutschein erstellen'} onClose={onClose} style={{ width: 'calc(100% - 40px)', maxWidth: 800 }}>
      <Form<CouponFormValues>
        initialValues={startValues}
        onSubmit={dialog.submit}
        validate={validateCoupon}
        decorators={dialog.decorators}
        render={({ handleSubmit, submitting }) => (
          <form noValidate ref={dialog.formRef} onSubmit={(event) => void handleSubmit(event)}>
            <DialogBody>
              <TextInput name="id" label="Gutscheinnummer" id="coupon-number" disabled={coupon !== null} placeholder={coupon ? undefined : 'leer lassen für eine automatische Nummer'} />
              <TextInput name="description" label="Beschreibung" id="coupon-description" />
              <TextInput name="maxAmount" label="Maximale Anzahl" id="coupon-max-amount" inputMode="numeric" placeholder="unbegrenzt" />
              <TypeAndValue />
              <div className="coupon-dates">
                <DateTimeField name="validFrom" label="Gültig ab" id="coupon-valid-from" />
                <DateTimeField name="validTo" label="Gültig bis" id="coupon-valid-to" />
              </div>
            </DialogBody>
            <DialogSaveFooter onCancel={onClose} saving={submitting} />
          </form>
        )}
      />
    </Dialog>
  );
}
