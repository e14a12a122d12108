import { paymentMethodLabels, paymentMethods } from '../../../../common/bookings/labels';

/** The payment methods as options of a select, in German, in the catalogue's order. */
export function PaymentMethodOptions() {
  return (
    <>
      {paymentMethods.map((key) => (
        <option key={key} value={key}>
          {paymentMethodLabels[key]}
        </option>
      ))}
    </>
  );
}
