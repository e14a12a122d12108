import { Button, Callout, FormGroup, H3, InputGroup, Spinner } from '@blueprintjs/core';
import { type KeyboardEvent, useId } from 'react';
import { useField } from 'react-final-form';
import { PRIVACY_LINK_LABEL, shownPrivacy } from '../../../common/tenants/privacy';
import { isHttpsLink } from '../../../common/validation/links';
import type { CheckoutBookableFieldsFragment, CheckoutBookableQuery, CheckoutOutcomeFragment } from '../gql/graphql';
import { Choice, GroupError } from '../shared/forms/ChoiceControls';
import { helperLine, shownFieldError } from '../shared/forms/fieldMessage';
import { TextAreaField, TextField } from '../shared/forms/TextField';
import { formatCurrency } from '../shared/format';
import type { ConsentDocument } from './checkoutRequest';
import { amountProblem, TICKET_CHOICE_FIELD, ticketAmountProblem, ticketChoiceProblem, ticketField } from './checkoutRequest';
import { ticketLabel } from './eventTickets';
import { type ShownTicketEvent, ticketEventFacts } from '../shared/ticketEvent';
import { couponDiscountText, priceLines } from './priceText';
import type { PricePreview } from './usePricePreview';

type Bookable = CheckoutBookableQuery['publicBookable'];

/**
 * Picture, place, the event of a ticket, description, prices and the dependent objects of the booked
 * object; without prices when the event's tickets are offered together (each shows its own).
 */
export function BookableIntro({ bookable, dependents, event, showPrices = true }: { bookable: Bookable; dependents: CheckoutBookableFieldsFragment[]; event: ShownTicketEvent | null; showPrices?: boolean }) {
  return (
    <div className="checkout-intro">
      {bookable.imgUrl ? <img className="checkout-picture" src={bookable.imgUrl} alt={`Bild: ${bookable.title}`} /> : null}
      <div className="checkout-intro-text">
        {bookable.location ? <p className="checkout-location">{bookable.location}</p> : null}
        {event ? (
          <dl className="checkout-event">
            {ticketEventFacts([event]).map((fact) => (
              <div key={fact.term} className="checkout-event-row">
                <dt>{fact.term}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {/* The server keeps only safe markup in rich texts. */}
        {bookable.description ? <div className="checkout-description" dangerouslySetInnerHTML={{ __html: bookable.description }} /> : null}
        {showPrices ? (
          <div className="checkout-prices">
            <strong>Preis</strong>
            <ul>
              {priceLines(bookable).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {bookable.priceCategories.some((category) => category.priceEur > 0) ? <span className="bp6-text-muted">Alle Preise inklusive Mehrwertsteuer.</span> : null}
          </div>
        ) : null}
        {dependents.length > 0 ? (
          <p>
            <strong>Dazu gehören:</strong> {dependents.map((dependent) => dependent.title).join(', ')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "Anzahl", for objects that exist more than once (or without limit). */
export function AmountField({ max, problem }: { max: number | null; problem: string | undefined }) {
  const { input, meta } = useField<string>('amount', { validate: (value) => amountProblem(String(value ?? ''), 1, max) });
  const error = shownFieldError(meta) ?? problem;
  return (
    <FormGroup label="Anzahl" labelFor="checkout-amount" helperText={helperLine(error, max ? `Höchstens ${max}` : undefined)} intent={error ? 'danger' : 'none'}>
      <InputGroup {...input} id="checkout-amount" type="number" min={1} max={max ?? undefined} inputMode="numeric" intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} className="checkout-amount" />
    </FormGroup>
  );
}

export interface OfferedTicket {
  bookable: CheckoutBookableFieldsFragment;
  /** The most of it one may book at once (its own amount, the event's seats left); null: no limit. */
  max: number | null;
}

function TicketAmount({ ticket, eventName }: { ticket: OfferedTicket; eventName: string }) {
  const { bookable, max } = ticket;
  const { input, meta } = useField<string>(ticketField(bookable.id), { validate: (value) => ticketAmountProblem(String(value ?? ''), max) });
  const error = shownFieldError(meta);
  const id = `checkout-ticket-${bookable.id}`;
  const label = ticketLabel(bookable.title, eventName);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={<span className="checkout-ticket-price">{priceLines(bookable).join('; ')}</span>}
      helperText={helperLine(error, max !== null ? `Höchstens ${max}` : undefined)}
      intent={error ? 'danger' : 'none'}
      className="checkout-ticket"
    >
      <InputGroup {...input} id={id} type="number" min={0} max={max ?? undefined} inputMode="numeric" intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} className="checkout-amount" />
    </FormGroup>
  );
}

/**
 * "Tickets": every ticket of the event anyone may book, each with its amount (a family takes
 * "Erwachsene" and "Ermäßigt" in one booking); at least one, and together not more than the seats
 * left. `problem`: the server's refusal of the choice (the event full).
 */
export function TicketsChoice({ tickets, eventName, seatsLeft, problem }: { tickets: readonly OfferedTicket[]; eventName: string; seatsLeft: number | null; problem: string | undefined }) {
  const ticketIds = tickets.map((ticket) => ticket.bookable.id);
  const { meta } = useField(TICKET_CHOICE_FIELD, { validate: (_value, all) => ticketChoiceProblem((all as { tickets?: Record<string, string> }).tickets ?? {}, ticketIds, seatsLeft) });
  const error = shownFieldError(meta) ?? problem;
  const errorId = useId();
  const costs = tickets.some((ticket) => ticket.bookable.priceCategories.some((category) => category.priceEur > 0));
  return (
    <section className="checkout-section" aria-labelledby="checkout-tickets-heading">
      <H3 id="checkout-tickets-heading">Tickets</H3>
      <div role="group" aria-labelledby="checkout-tickets-heading" aria-describedby={error ? errorId : undefined} className="checkout-tickets">
        {tickets.map((ticket) => (
          <TicketAmount key={ticket.bookable.id} ticket={ticket} eventName={eventName} />
        ))}
      </div>
      {costs ? <p className="bp6-text-muted">Alle Preise inklusive Mehrwertsteuer.</p> : null}
      <GroupError id={errorId} message={error} />
    </section>
  );
}

export interface CheckoutOption {
  bookable: CheckoutBookableFieldsFragment;
  mandatory: boolean;
}

function OptionCheckbox({ option }: { option: CheckoutOption }) {
  const { input } = useField<boolean>(`options.${option.bookable.id}`, { type: 'checkbox' });
  const price = priceLines(option.bookable).join('; ');
  return (
    <Choice
      type="checkbox"
      checked={option.mandatory || Boolean(input.checked)}
      disabled={option.mandatory}
      onChange={(event) => input.onChange(event.currentTarget.checked)}
      label={
        <>
          {option.bookable.title} <span className="bp6-text-muted">({price}{option.mandatory ? ', immer enthalten' : ''})</span>
        </>
      }
    />
  );
}

/** "Zusätzliche Optionen": the object's checkout options; mandatory ones ticked and fixed. */
export function OptionsChoice({ options }: { options: CheckoutOption[] }) {
  if (options.length === 0) return null;
  return (
    <section className="checkout-section" aria-labelledby="checkout-options-heading">
      <H3 id="checkout-options-heading">Zusätzliche Optionen</H3>
      {options.map((option) => (
        <OptionCheckbox key={option.bookable.id} option={option} />
      ))}
    </section>
  );
}

/**
 * "Ihre Angaben": name and e-mail always, the other fields where the object requires them (marked
 * optional otherwise). The form checks them as a whole with `checkoutCustomerSchema` (CheckoutForm),
 * the rules and words the server answers with. Where a comment is required, the object's booking
 * notes (the owner's rich text, e.g. what the comment should say) stand at the comment field.
 */
export function CustomerFields({ requiredFields, bookingNotes }: { requiredFields: readonly string[]; bookingNotes: string }) {
  const needs = (field: string) => requiredFields.includes(field);
  // The server keeps only safe markup in rich texts.
  const commentHint = needs('comment') && bookingNotes ? <div className="checkout-comment-hint" dangerouslySetInnerHTML={{ __html: bookingNotes }} /> : undefined;
  return (
    <section className="checkout-section" aria-labelledby="checkout-customer-heading">
      <H3 id="checkout-customer-heading">Ihre Angaben</H3>
      <div className="checkout-fields">
        <TextField name="name" id="checkout-name" label="Vor- und Nachname" autoComplete="name" />
        <TextField name="mail" id="checkout-mail" label="E-Mail" type="email" autoComplete="email" />
        <TextField name="company" id="checkout-company" label="Firma oder Verein" autoComplete="organization" optional={!needs('company')} />
        <TextField name="phone" id="checkout-phone" label="Telefon" type="tel" autoComplete="tel" optional={!needs('phone')} />
        <TextField name="street" id="checkout-street" label="Straße und Hausnummer" autoComplete="street-address" optional={!needs('street')} />
        <div className="checkout-zip-city">
          <TextField name="zipCode" id="checkout-zip" label="PLZ" autoComplete="postal-code" optional={!needs('zipCode')} />
          <TextField name="location" id="checkout-city" label="Ort" autoComplete="address-level2" optional={!needs('location')} />
        </div>
      </div>
      <TextAreaField name="comment" id="checkout-comment" label="Hinweise zur Buchung" optional={!needs('comment')} hint={commentHint} />
    </section>
  );
}

function ConsentCheckbox({ document }: { document: ConsentDocument }) {
  const message = `Bitte bestätigen Sie „${document.title}“.`;
  const { input, meta } = useField<boolean>(`consents.${document.key}`, { type: 'checkbox', validate: document.required ? (value) => (value ? undefined : message) : undefined });
  const error = shownFieldError(meta);
  const errorId = useId();
  return (
    <div className="checkout-consent">
      <Choice
        type="checkbox"
        checked={Boolean(input.checked)}
        onChange={(event) => input.onChange(event.currentTarget.checked)}
        onBlur={input.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        label={`Ich habe „${document.title}“ gelesen und akzeptiere es${document.required ? '' : ' (optional)'}.`}
      />
      <a href={document.url} target="_blank" rel="noreferrer" className="checkout-document-link">
        {document.title} öffnen (neues Fenster)
      </a>
      {document.caption ? <p className="bp6-text-muted checkout-caption">{document.caption}</p> : null}
      <GroupError id={errorId} message={error} />
    </div>
  );
}

/** "Dokumente": the documents to read; the required ones must be accepted. */
export function ConsentChoice({ documents }: { documents: readonly ConsentDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section className="checkout-section" aria-labelledby="checkout-documents-heading">
      <H3 id="checkout-documents-heading">Dokumente</H3>
      {documents.map((document) => (
        <ConsentCheckbox key={document.key} document={document} />
      ))}
    </section>
  );
}

/**
 * "Gutschein": the code is applied with the button (or Enter), which asks for the price with it; a
 * code the server refuses shows its message here until the code is changed.
 */
export function CouponField({ onApply, problem }: { onApply: (code: string) => void; problem: string | undefined }) {
  const { input, meta } = useField<string>('couponCode');
  const error = shownFieldError(meta) ?? problem;
  const apply = () => onApply((input.value ?? '').trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code rather than sending the whole booking.
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  };
  return (
    <FormGroup label="Gutscheincode" labelFor="checkout-coupon" labelInfo="(optional)" helperText={helperLine(error)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        {...input}
        value={input.value ?? ''}
        id="checkout-coupon"
        autoComplete="off"
        onKeyDown={onKeyDown}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        rightElement={<Button variant="minimal" text="Einlösen" onClick={apply} />}
        fill
      />
    </FormGroup>
  );
}

/** "Zahlungsart": the tenant's active payment apps; required when there is more than one. */
export function PaymentChoice({ apps }: { apps: CheckoutBookableQuery['paymentApps'] }) {
  const { input, meta } = useField<string>('paymentProvider', { validate: (value) => (value ? undefined : 'Bitte wählen Sie eine Zahlungsart.') });
  const error = shownFieldError(meta);
  const errorId = useId();
  const labelId = useId();
  return (
    <div className="checkout-payment bp6-form-group">
      <div role="radiogroup" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
        <span id={labelId} className="bp6-label">
          Zahlungsart
        </span>
        {apps.map((app) => (
          <Choice
            key={app.id}
            type="radio"
            name="paymentProvider"
            value={app.id}
            checked={input.value === app.id}
            onChange={() => input.onChange(app.id)}
            aria-invalid={error ? true : undefined}
            label={app.title || app.id}
          />
        ))}
      </div>
      <GroupError id={errorId} message={error} />
    </div>
  );
}

/** The live price: one line per booked object, the coupon, the total with the VAT it contains. */
/**
 * The tenant's privacy notice and the link to its privacy statement (new tab), near the submit
 * button; nothing when the tenant set neither.
 */
export function PrivacyNotice({ privacy }: { privacy: CheckoutBookableQuery['tenantPrivacy'] }) {
  const shown = shownPrivacy(privacy);
  if (!shown) return null;
  return (
    <p className="bp6-text-muted checkout-privacy">
      {shown.notice ? <span className="checkout-privacy-notice">{shown.notice}</span> : null}
      {shown.notice && shown.link ? ' ' : null}
      {shown.link && isHttpsLink(shown.link) ? (
        <a href={shown.link} target="_blank" rel="noopener noreferrer">
          {PRIVACY_LINK_LABEL}
          <span className="bp6-text-muted"> (öffnet in neuem Tab)</span>
        </a>
      ) : null}
    </p>
  );
}

export function PriceSummary({ preview, waitingFor }: { preview: PricePreview; waitingFor: string | null }) {
  const { outcome, refusal, loading } = preview;
  return (
    <section className="checkout-price" aria-labelledby="checkout-price-heading" aria-busy={loading}>
      <H3 id="checkout-price-heading">Preis</H3>
      {waitingFor ? <p className="bp6-text-muted">{waitingFor}</p> : null}
      {refusal ? (
        <Callout intent="warning" title={refusal.title} className="checkout-refusal">
          {refusal.message}
        </Callout>
      ) : null}
      {outcome ? <PriceLines outcome={outcome} /> : !waitingFor && !refusal && loading ? <Spinner size={20} aria-label="Preis wird berechnet..." /> : null}
      {outcome && loading ? <p className="bp6-text-muted">Preis wird aktualisiert...</p> : null}
    </section>
  );
}

function PriceLines({ outcome }: { outcome: CheckoutOutcomeFragment }) {
  // A series costs its free dates together; the outcome's own price is its first date's.
  const { series } = outcome;
  const total = series ?? outcome;
  return (
    <>
      <ul className="checkout-price-items">
        {outcome.items.map((item) => (
          <li key={item.bookableId}>
            <span>
              {item.bookable.title}
              {item.amount > 1 ? ` × ${item.amount}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {outcome.couponUsed ? (
        <p className="checkout-coupon-used">
          Gutschein {outcome.couponUsed.id}: {couponDiscountText(outcome.couponUsed)}
          {outcome.couponUsed.description ? ` (${outcome.couponUsed.description})` : ''}
        </p>
      ) : null}
      {series ? <p className="checkout-series-count">{series.availableCount === 1 ? '1 Termin' : `${series.availableCount} Termine`}</p> : null}
      <p className="checkout-total">
        <span>Gesamt</span>
        <strong data-testid="checkout-total">{formatCurrency(total.priceEur)}</strong>
      </p>
      {total.vatIncludedEur > 0 ? <p className="bp6-text-muted">darin enthalten {formatCurrency(total.vatIncludedEur)} Mehrwertsteuer</p> : null}
    </>
  );
}
