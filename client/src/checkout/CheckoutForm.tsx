import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useEffect, useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import { CheckoutDocument, type CheckoutBookableFieldsFragment, type CheckoutBookableQuery, type CheckoutInput, MeDocument } from '../gql/graphql';
import { checkoutCustomerSchema } from '../../../common/bookings/checkout.schema';
import { useFailedSaveFeedback } from '../shared/forms/failedSave';
import { schemaValidate } from '../shared/forms/schemaValidate';
import { nestFieldErrors, serverSubmitErrors } from '../shared/forms/serverErrors';
import { errorInfo, notify, notifyError } from '../shared/toast';
import { type CheckoutConfirmation, checkoutStatusPath } from './checkoutLink';
import { type CheckoutValues, checkoutInput, consentDocuments, parseAmount, parseTicketAmount, type RequestContext, refusedField, serverFieldNames, shownRefusalField, ticketAmountProblem, ticketChoiceProblem } from './checkoutRequest';
import { AmountField, BookableIntro, type CheckoutOption, ConsentChoice, CouponField, CustomerFields, type OfferedTicket, OptionsChoice, PaymentChoice, PriceSummary, PrivacyNotice, TicketsChoice } from './CheckoutSections';
import { initialTicketAmounts, offeredTickets } from './eventTickets';
import { TimeChoice } from './time/TimeChoice';
import { usePricePreview } from './usePricePreview';
import { bookableMaximum, seatsLeftText } from './seats';
import { eventsOfItems } from '../shared/ticketEvent';
import { SeriesChoice } from './series/SeriesChoice';
import { CancellationTerms } from './CancellationTerms';
import { berlinDateOf, initialSeriesValues, seriesPaymentApps, seriesRequest, seriesServerFieldNames } from '../bookings/series/seriesRequest';

type Bookable = CheckoutBookableQuery['publicBookable'];

export interface CheckoutFormProps {
  tenantId: string;
  data: CheckoutBookableQuery;
  /** Options and dependent objects the public can see, by id (null: hidden). */
  related: Map<string, CheckoutBookableFieldsFragment | null>;
  initialAmount: number;
}

const bookingFailed = { title: 'Buchung fehlgeschlagen', message: 'Die Buchung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.' };

const costsSomething = (bookable: Pick<CheckoutBookableFieldsFragment, 'priceCategories'>) => bookable.priceCategories.some((category) => category.priceEur > 0);

const isTimeRelated = (bookable: Bookable) => bookable.isScheduleRelated || bookable.isTimePeriodRelated || bookable.isLongRange;

/** The event's tickets the page offers together with the booked one (none: it is booked alone), each with its most at once. */
function ticketsOffered(data: CheckoutBookableQuery): OfferedTicket[] {
  return offeredTickets<CheckoutBookableFieldsFragment>(data.publicBookable, data.ticketEvent?.tickets).map((ticket) => ({ bookable: ticket, max: bookableMaximum(ticket.amount, data.ticketSeatsLeft) }));
}

/** What the chosen tickets and options make of the request: the booked objects' documents and the request context. */
function requestFor(bookable: Bookable, tickets: OfferedTicket[], options: CheckoutOption[], allApps: CheckoutBookableQuery['paymentApps'], values: CheckoutValues): { context: RequestContext; costs: boolean; paymentApps: CheckoutBookableQuery['paymentApps'] } {
  // A series is paid by invoice: the other payment apps are not offered for it.
  const paymentApps = values.series.on ? seriesPaymentApps(allApps) : allApps;
  const chosen = options.filter((option) => option.mandatory || values.options?.[option.bookable.id]);
  // Of the tickets offered together those chosen count; alone, the booked object.
  const booked = tickets.length > 0 ? tickets.map((ticket) => ticket.bookable).filter((ticket) => (parseTicketAmount(values.tickets?.[ticket.id] ?? '') ?? 0) > 0) : [bookable];
  const costs = booked.some(costsSomething) || chosen.some((option) => costsSomething(option.bookable));
  return {
    costs,
    paymentApps,
    context: {
      bookableId: bookable.id,
      ticketIds: tickets.map((ticket) => ticket.bookable.id),
      optionIds: options.map((option) => option.bookable.id),
      mandatoryOptionIds: options.filter((option) => option.mandatory).map((option) => option.bookable.id),
      documents: consentDocuments([...booked, ...chosen.map((option) => option.bookable)]),
      paymentNeeded: paymentApps.length > 0 && costs,
    },
  };
}

/** Fields the form may not have touched yet, filled in so the request builder sees every value. */
const complete = (values: Partial<CheckoutValues>): CheckoutValues => ({
  period: null,
  amount: '1',
  tickets: {},
  options: {},
  name: '',
  mail: '',
  company: '',
  street: '',
  zipCode: '',
  location: '',
  phone: '',
  comment: '',
  consents: {},
  couponCode: '',
  paymentProvider: '',
  series: initialSeriesValues(),
  ...values,
});

/** The checkout input with the series while "Regelmäßig buchen" is on and its fields are right; null while they are not. */
function withSeries(input: CheckoutInput, values: CheckoutValues): CheckoutInput | null {
  if (!values.series.on) return input;
  const series = seriesRequest(values.series, values.period).input;
  return series ? { ...input, series } : null;
}

/** The tenant's staff (and the instance owner) may book a series of any object; the public only where allowSeries is on. */
function useIsStaffOf(tenantId: string): boolean {
  const { data } = useQuery(MeDocument);
  const permissions = data?.me?.permissions;
  return Boolean(permissions && (permissions.instanceOwner || permissions.tenants.some((entry) => entry.tenantId === tenantId)));
}

/**
 * The booking form of one object: time, amount, options, the customer's data, documents, coupon,
 * the live price and the payment choice; booking leads to the confirmation.
 */
export function CheckoutForm({ tenantId, data, related, initialAmount }: CheckoutFormProps) {
  const bookable = data.publicBookable;
  const navigate = useNavigate();
  const [checkout] = useMutation(CheckoutDocument);
  const failedSave = useFailedSaveFeedback<CheckoutValues>();
  const options: CheckoutOption[] = bookable.checkoutBookableIds.flatMap(({ bookableId, mandatory }) => {
    const option = related.get(bookableId);
    return option && bookableId !== bookable.id ? [{ bookable: option, mandatory }] : [];
  });
  const dependents = bookable.relatedBookableIds.flatMap((id) => related.get(id) ?? []);
  const [tickets] = useState(() => ticketsOffered(data));
  // The customer's fields with the checkout's own schema: the same rules and words as the server.
  const [validateCustomer] = useState(() => schemaValidate<CheckoutValues>(checkoutCustomerSchema(bookable.requiredFields)));
  const [initialValues] = useState<Partial<CheckoutValues>>(() => ({
    amount: String(Math.max(1, Math.min(initialAmount, bookableMaximum(bookable.amount, data.ticketSeatsLeft) ?? initialAmount))),
    tickets: initialTicketAmounts(
      tickets.map((ticket) => ticket.bookable.id),
      bookable.id,
      initialAmount,
      (id) => tickets.find((ticket) => ticket.bookable.id === id)?.max ?? null,
    ),
    options: Object.fromEntries(options.map((option) => [option.bookable.id, option.mandatory])),
    paymentProvider: data.paymentApps.length === 1 ? data.paymentApps[0].id : '',
    series: initialSeriesValues(),
  }));
  // The customer's fields through the schema, and while a series is chosen its rule as the server checks it.
  const [validate] = useState(() => (values: Partial<CheckoutValues>) => {
    const customer = validateCustomer(values as CheckoutValues) ?? {};
    const all = complete(values);
    if (!all.series.on) return customer;
    return { ...customer, ...nestFieldErrors(seriesRequest(all.series, all.period).problems) };
  });

  const onSubmit = async (submitted: CheckoutValues) => {
    const values = complete(submitted);
    const { context } = requestFor(bookable, tickets, options, data.paymentApps, values);
    // The form's validation has checked the series, so it is there when switched on.
    const input = withSeries(checkoutInput(values, context, true), values) ?? checkoutInput(values, context, true);
    try {
      const { data: answer } = await checkout({ variables: { tenantId, input } });
      const booking = answer?.checkout;
      if (!booking?.id) {
        notify({ type: 'danger', ...bookingFailed });
        return undefined;
      }
      const confirmation: CheckoutConfirmation = {
        bookingId: booking.id,
        tenantId,
        title: bookable.title,
        timeBegin: booking.timeBegin,
        timeEnd: booking.timeEnd,
        priceEur: booking.priceEur,
        isCommitted: booking.isCommitted,
        isPayed: booking.isPayed,
        paymentProvider: booking.paymentProvider,
        mail: values.mail.trim(),
        events: eventsOfItems(booking.items),
        items: booking.items.map((item) => ({ title: item.bookable.title, amount: item.amount })),
        series: booking.series
          ? {
              description: booking.series.rule.description,
              dates: booking.series.dates.map((date) => ({ date: date.date, timeBegin: date.timeBegin, timeEnd: date.timeEnd, bookingId: date.bookingId ?? null, reasonText: date.reasonText ?? null, reason: date.reason ?? null })),
            }
          : undefined,
      };
      // The series' total is what the customer pays, not the first date's price.
      if (booking.series) confirmation.priceEur = booking.series.priceEur;
      await navigate(checkoutStatusPath({ bookingId: booking.id, tenantId }), { state: confirmation });
      return undefined;
    } catch (error) {
      const serverFields = CombinedGraphQLErrors.is(error) ? Object.keys((error.errors[0]?.extensions?.fieldErrors as Record<string, unknown> | undefined) ?? {}) : [];
      const onFields = serverSubmitErrors(error, { ...serverFieldNames(context.documents, input.bookableItems, context), ...seriesServerFieldNames(serverFields) });
      if (onFields) return onFields;
      const info = errorInfo(error);
      const field = shownRefusalField(refusedField(info.code, isTimeRelated(bookable)), tickets.length > 0);
      // The refusal at the field it concerns; the failed-save toast carries the server's title and words.
      if (field && info.message) return { [field]: info.message, [FORM_ERROR]: { title: info.title ?? bookingFailed.title, message: info.message } };
      notifyError(error, bookingFailed);
      return undefined;
    }
  };

  return (
    <Form<CheckoutValues>
      initialValues={initialValues}
      decorators={failedSave.decorators}
      subscription={{ submitting: true }}
      validate={validate}
      onSubmit={onSubmit}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate ref={failedSave.formRef} className="checkout-form">
          <BookableIntro bookable={bookable} dependents={dependents} event={data.ticketEvent ?? null} showPrices={tickets.length === 0} />
          <FormSpy<CheckoutValues> subscription={{ values: true }}>
            {({ values }) => <CheckoutBody tenantId={tenantId} data={data} tickets={tickets} options={options} values={complete(values)} submitting={Boolean(submitting)} />}
          </FormSpy>
        </form>
      )}
    />
  );
}

interface CheckoutBodyProps {
  tenantId: string;
  data: CheckoutBookableQuery;
  /** The event's tickets offered together; empty when the object is booked alone. */
  tickets: OfferedTicket[];
  options: CheckoutOption[];
  values: CheckoutValues;
  submitting: boolean;
}

/** A coupon the server refused, with its message, shown until the code is changed. */
interface RefusedCoupon {
  code: string;
  title: string;
  message: string;
}

/** The form's sections, re-rendered with the values: what they show depends on what is chosen. */
function CheckoutBody({ tenantId, data, tickets, options, values, submitting }: CheckoutBodyProps) {
  const bookable = data.publicBookable;
  const timeRelated = isTimeRelated(bookable);
  const { context, costs, paymentApps } = requestFor(bookable, tickets, options, data.paymentApps, values);
  const staff = useIsStaffOf(tenantId);
  // A series repeats a window: offered for objects booked by time, alone (not an event's tickets).
  const seriesOffered = timeRelated && tickets.length === 0 && (bookable.allowSeries || staff);
  const seriesOn = seriesOffered && values.series.on;
  const ticketsChosen = tickets.length > 0 && tickets.every((ticket) => !ticketAmountProblem(values.tickets[ticket.bookable.id] ?? '', ticket.max)) && !ticketChoiceProblem(values.tickets, context.ticketIds, null);
  const [appliedCoupon, setAppliedCoupon] = useState('');
  const [refusedCoupon, setRefusedCoupon] = useState<RefusedCoupon | null>(null);

  const amount = parseAmount(values.amount);
  const maximum = bookableMaximum(bookable.amount, data.ticketSeatsLeft);
  const ready = (!timeRelated || values.period !== null) && (tickets.length > 0 ? ticketsChosen : amount !== null);
  // A refused code is left out, so the price without it stays visible.
  const coupon = refusedCoupon?.code === appliedCoupon ? '' : appliedCoupon;
  const previewInput = ready ? withSeries(checkoutInput({ ...values, couponCode: coupon }, context, false), { ...values, series: { ...values.series, on: seriesOn } }) : null;
  const preview = usePricePreview(tenantId, previewInput, timeRelated);
  const { refusal } = preview;

  useEffect(() => {
    if (refusal?.field !== 'couponCode' || !coupon) return;
    // Told once with a toast (the customer just applied it) and kept at the field.
    setRefusedCoupon({ code: coupon, title: refusal.title, message: refusal.message });
    notify({ type: 'danger', title: refusal.title, message: refusal.message });
  }, [refusal, coupon]);

  const fieldProblem = (field: 'period' | 'amount') => (refusal?.field === field ? refusal.message : undefined);
  const amountWord = tickets.length > 0 ? 'Wählen Sie mindestens ein Ticket, um den Preis zu sehen.' : 'Geben Sie die Anzahl an, um den Preis zu sehen.';
  const couponProblem = refusedCoupon && refusedCoupon.code === values.couponCode.trim() ? refusedCoupon.message : undefined;
  const paymentShown = context.paymentNeeded && (preview.outcome ? (preview.outcome.series?.priceEur ?? preview.outcome.priceEur) > 0 : costs);
  const waitingFor = !ready
    ? timeRelated && !values.period
      ? 'Wählen Sie einen Zeitraum, um den Preis zu sehen.'
      : amountWord
    : previewInput === null
      ? 'Vervollständigen Sie die Angaben zur Serie, um den Preis zu sehen.'
      : null;

  return (
    <div className="checkout-layout">
      <div className="checkout-main">
        {timeRelated ? <TimeChoice tenantId={tenantId} bookable={bookable} openingHours={data.bookableOpeningHours} amount={amount ?? 1} problem={fieldProblem('period')} /> : null}
        {seriesOffered ? (
          <SeriesChoice
            values={values.series}
            firstDate={values.period ? berlinDateOf(values.period.begin) : null}
            preview={seriesOn ? (preview.outcome?.series ?? null) : null}
            loading={preview.loading}
            invoiceAppId={seriesPaymentApps(data.paymentApps)[0]?.id ?? null}
          />
        ) : null}
        {data.ticketSeatsLeft !== null ? (
          <p className="checkout-seats" role="status">
            {seatsLeftText(data.ticketSeatsLeft)}
          </p>
        ) : null}
        {tickets.length > 0 ? (
          <TicketsChoice tickets={tickets} eventName={data.ticketEvent?.name ?? ''} seatsLeft={data.ticketSeatsLeft ?? null} problem={fieldProblem('amount')} />
        ) : maximum !== 1 ? (
          <AmountField max={maximum} problem={fieldProblem('amount')} />
        ) : null}
        <OptionsChoice options={options} />
        <CustomerFields requiredFields={bookable.requiredFields} bookingNotes={bookable.bookingNotes} />
        <ConsentChoice documents={context.documents} />
      </div>
      <aside className="checkout-side" aria-label="Preis und Buchung">
        <CouponField problem={couponProblem} onApply={setAppliedCoupon} />
        <PriceSummary preview={{ ...preview, refusal: refusal?.field === 'couponCode' ? null : refusal }} waitingFor={waitingFor} />
        {paymentShown ? <PaymentChoice apps={paymentApps} /> : null}
        <Button type="submit" intent="primary" size="large" text={bookable.autoCommitBooking ? 'Jetzt buchen' : 'Buchung anfragen'} loading={submitting} disabled={data.ticketSeatsLeft === 0} fill />
        <p className="bp6-text-muted checkout-submit-note">
          {bookable.autoCommitBooking ? 'Die Buchung ist verbindlich.' : 'Ihre Anfrage wird geprüft; die Buchung gilt erst mit der Freigabe.'} Eine Bestätigung erhalten Sie per E-Mail.
        </p>
        <CancellationTerms policy={bookable.cancellationPolicy} />
        <PrivacyNotice privacy={data.tenantPrivacy} />
      </aside>
    </div>
  );
}
