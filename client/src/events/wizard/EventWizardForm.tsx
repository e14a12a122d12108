import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Card, H3, Switch } from '@blueprintjs/core';
import type { FormApi } from 'final-form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, FormSpy, useField, useForm, useFormState } from 'react-final-form';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { WizardCreateEventDocument, WizardOptionsDocument, WizardUpdateEventDocument } from '../../gql/graphql';
import { revealFirstInvalidField } from '../../shared/forms/failedSave';
import { FieldConventionsProvider } from '../../shared/forms/fieldConventions';
import { serverSubmitErrors } from '../../shared/forms/serverErrors';
import { errorInfo, notify, notifyError } from '../../shared/toast';
import { emptyEventValues, type EventFormValues, fieldNamesOf, isChanged, toEventInput, toFormValues } from './eventFormValues';
import { type EventFacts, flatEventErrors, stepOfPath, stepValidity, validateEventForm } from './eventValidation';
import { SpecialLinkDialog } from './SpecialLink';
import type { WizardContext } from './wizardContext';
import { clearDraft, draftKey, loadDraft, saveDraft } from './wizardDraft';
import { wizardFieldConventions } from './wizardFields';
import { messages } from '../../shared/messages';
import { eventMessages } from '../eventMessages';
import { WizardStepper } from './WizardStepper';
import { allowedStep, pagerButtons, reachedAfter, stepIndexOfPathname, stepUrl, type WizardMode, wizardHeading, wizardSteps, LAST_STEP } from './wizardSteps';
import { PageTitle } from '../../shared/PageTitle';

const EVENTS_PATH = '/admin/veranstaltungen';

interface Props {
  tenantId: string;
  mode: WizardMode;
  eventId: string | null;
  /** The stored event (edit) or the empty form (create). */
  initialValues: EventFormValues;
  /** Of the stored event (edit): seats sold and its link. */
  initialFacts?: WizardFacts;
}

/** What the wizard knows of the stored event besides its form values. */
export interface WizardFacts extends Required<EventFacts> {
  directLink: string | null;
}

/** A saved event that is not listed publicly: its link is shown to be passed on. */
interface SavedLink {
  link: string;
  visible: boolean;
}

/** The field paths of a server validation error (extensions.fieldErrors), in its order. */
function serverFieldPaths(error: unknown): string[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  const fieldErrors = error.errors[0]?.extensions?.fieldErrors;
  return fieldErrors && typeof fieldErrors === 'object' ? Object.keys(fieldErrors) : [];
}

/** Lists of events, their tags, the quota and the tickets (withTickets) are read anew; the event itself is updated in the cache by its id. */
const refreshAfterSave = {
  update: (cache: { evict: (options: { fieldName: string }) => boolean; gc: () => string[] }) => {
    for (const fieldName of ['events', 'eventTags', 'eventPublicQuotaAvailable', 'bookables']) cache.evict({ fieldName });
    cache.gc();
  },
};

/**
 * The wizard's one react-final-form form across its seven steps: heading, "Veranstaltung ist
 * sichtbar", "Änderungen übernehmen" (edit), the stepper, the current step (a child route, through
 * <Outlet>) and the pager. The values are kept as a draft in sessionStorage, so a reload of a step
 * keeps them; entering the wizard anew (not by reload or browser history) starts from scratch.
 */
export function EventWizardForm({ tenantId, mode, eventId, initialValues, initialFacts }: Props) {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const key = draftKey(mode, eventId);
  // Decided once on entering: a reload or history step restores the draft, a new visit drops it.
  const [draft] = useState(() => {
    if (navigationType === 'POP') return loadDraft(key);
    clearDraft(key);
    return null;
  });
  const [create] = useMutation(WizardCreateEventDocument, refreshAfterSave);
  const [update] = useMutation(WizardUpdateEventDocument, refreshAfterSave);
  const formRef = useRef<HTMLFormElement>(null);
  const pendingStep = useRef<number | null>(null);
  const [facts, setFacts] = useState<WizardFacts>(initialFacts ?? { seatsSold: 0, directLink: null });
  const [savedLink, setSavedLink] = useState<SavedLink | null>(null);

  /** After a save: a non-public event shows its link (create leaves the wizard once it is closed). */
  const showLinkOf = (saved: { isPublic: boolean; attendees: { publicEvent: boolean }; directLink: string } | undefined): boolean => {
    if (!saved || saved.attendees.publicEvent) return false;
    setSavedLink({ link: saved.directLink, visible: saved.isPublic });
    return true;
  };

  // Create mode starts with the draft; edit mode keeps the stored event as its start, so the draft counts as a change.
  const startValues = useMemo(() => (mode === 'create' && draft ? draft.values : initialValues), [mode, draft, initialValues]);

  const goToStepOf = (paths: string[], current: number) => {
    const step = paths.length ? Math.min(...paths.map(stepOfPath)) : current;
    if (step !== current) {
      pendingStep.current = step;
      void navigate(stepUrl(mode, step, eventId));
    } else revealFirstInvalidField(() => formRef.current);
  };

  const submit = async (values: EventFormValues, form: FormApi<EventFormValues>) => {
    const input = toEventInput(values);
    const current = stepIndexOfPathname(window.location.pathname);
    try {
      if (mode === 'create') {
        const result = await create({ variables: { tenantId, input } });
        clearDraft(key);
        notify({ type: 'success', ...eventMessages.created });
        if (!showLinkOf(result.data?.createEvent)) void navigate(EVENTS_PATH);
      } else {
        const result = await update({ variables: { tenantId, id: eventId ?? '', input } });
        const saved = result.data?.updateEvent;
        // The saved event is the new start: the changed flag is reset.
        form.initialize(saved ? toFormValues(saved) : values);
        if (saved) setFacts({ seatsSold: saved.seatsSold, directLink: saved.directLink });
        clearDraft(key);
        notify({ type: 'success', ...eventMessages.updated });
        showLinkOf(saved);
      }
      return undefined;
    } catch (error) {
      const submitErrors = serverSubmitErrors(error);
      if (submitErrors) {
        const { title, message } = errorInfo(error);
        notify({ type: 'danger', title: title ?? messages.validationFailed.title, message: title ? message : messages.validationFailed.message });
        goToStepOf(serverFieldPaths(error), current);
        return submitErrors;
      }
      // Refusals without a field (the public-event quota, rights) bring the server's German message.
      notifyError(error, eventMessages.somethingWrong);
      return undefined;
    }
  };

  const closeLink = () => {
    setSavedLink(null);
    if (mode === 'create') void navigate(EVENTS_PATH);
  };

  return (
    <Form<EventFormValues> onSubmit={submit} initialValues={startValues} validate={(values) => validateEventForm(values, facts)}>
      {() => (
        <FieldConventionsProvider conventions={wizardFieldConventions}>
          {savedLink && <SpecialLinkDialog link={savedLink.link} visible={savedLink.visible} onClose={closeLink} />}
          <WizardBody
            tenantId={tenantId}
            mode={mode}
            eventId={eventId}
            facts={facts}
            draftKey={key}
            initialReached={draft?.reached ?? (mode === 'edit' ? LAST_STEP : 0)}
            draftValues={mode === 'edit' ? (draft?.values ?? null) : null}
            formRef={formRef}
            pendingStep={pendingStep}
            goToStepOf={goToStepOf}
          />
        </FieldConventionsProvider>
      )}
    </Form>
  );
}

interface BodyProps {
  tenantId: string;
  mode: WizardMode;
  eventId: string | null;
  facts: WizardFacts;
  draftKey: string;
  initialReached: number;
  /** Edit mode: the draft laid over the stored event once the form is there. */
  draftValues: EventFormValues | null;
  formRef: React.RefObject<HTMLFormElement | null>;
  pendingStep: React.RefObject<number | null>;
  goToStepOf: (paths: string[], current: number) => void;
}

function VisibilitySwitch() {
  const { input } = useField<boolean>('isPublic', { type: 'checkbox' });
  return <Switch id="event-isPublic" className="event-wizard-visible" large label="Veranstaltung ist sichtbar" checked={Boolean(input.checked)} onChange={(event) => input.onChange(event.currentTarget.checked)} />;
}

function WizardBody({ tenantId, mode, eventId, facts, draftKey: key, initialReached, draftValues, formRef, pendingStep, goToStepOf }: BodyProps) {
  const form = useForm<EventFormValues>();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { values, initialValues, submitting } = useFormState<EventFormValues>({ subscription: { values: true, initialValues: true, submitting: true } });
  const [reached, setReached] = useState(initialReached);
  const requested = stepIndexOfPathname(pathname);
  const current = allowedStep(mode, requested, reached);
  const { data: options, loading: optionsLoading } = useQuery(WizardOptionsDocument, { variables: { tenantId }, fetchPolicy: 'cache-and-network' });

  // Every field stays registered while the wizard is open: a step shown again keeps its values.
  useEffect(() => {
    const unregister = fieldNamesOf(emptyEventValues()).map((name) => form.registerField(name as keyof EventFormValues, () => undefined, {}));
    return () => unregister.forEach((release) => release());
  }, [form]);

  // Edit mode: what was entered before the reload, over the stored event.
  const draftApplied = useRef(false);
  useEffect(() => {
    if (draftApplied.current || !draftValues) return;
    draftApplied.current = true;
    form.batch(() => {
      for (const [name, value] of Object.entries(draftValues)) form.change(name as keyof EventFormValues, value as never);
    });
  }, [form, draftValues]);

  // A step not reached yet (or no step at all) leads to the step that may be shown.
  useEffect(() => {
    if (requested !== current) void navigate(stepUrl(mode, current, eventId), { replace: true });
    else setReached((value) => reachedAfter(value, current));
  }, [requested, current, mode, eventId, navigate]);

  // After a failed save led to another step: its first invalid field, once the step is there.
  useEffect(() => {
    if (pendingStep.current === null || pendingStep.current !== requested) return;
    pendingStep.current = null;
    revealFirstInvalidField(() => formRef.current);
  }, [requested, pendingStep, formRef]);

  // The furthest step belongs to the draft as well: a reload shows the same step again.
  const latestValues = useRef(values);
  latestValues.current = values;
  useEffect(() => saveDraft(key, { values: latestValues.current, reached }), [key, reached]);

  const errors = useMemo(() => flatEventErrors(values, facts), [values, facts]);
  const validity = stepValidity(errors);
  const stepValid = validity[current] ?? true;
  const changed = mode === 'edit' && isChanged(values, initialValues as EventFormValues);
  const buttons = pagerButtons(current);
  const step = wizardSteps[current];

  const go = (index: number) => {
    setReached((value) => reachedAfter(value, index));
    void navigate(stepUrl(mode, index, eventId));
  };

  /** Absenden and "Änderungen übernehmen": the whole form must be valid, else its first invalid step is shown. */
  const save = () => {
    if (Object.keys(errors).length > 0) {
      void form.submit(); // marks the fields as tried, so their messages show
      notify({ type: 'danger', ...messages.validationFailed });
      goToStepOf(Object.keys(errors), current);
      return;
    }
    void form.submit();
  };

  const cancel = () => {
    clearDraft(key);
    void navigate(EVENTS_PATH);
  };

  const context: WizardContext = { tenantId, mode, options, optionsLoading, seatsSold: facts.seatsSold, directLink: facts.directLink };

  return (
    <>
      <FormSpy<EventFormValues> subscription={{ values: true }} onChange={(state) => saveDraft(key, { values: state.values, reached })} />
      <div className="event-wizard-header">
        <PageTitle>{wizardHeading(mode)}</PageTitle>
        <div className="event-wizard-header-actions">
          <VisibilitySwitch />
          {changed && <Button intent="primary" icon="floppy-disk" text="Änderungen übernehmen" loading={submitting} onClick={save} />}
          <Button icon="cross" variant="minimal" aria-label="Abbrechen" title="Abbrechen" onClick={cancel} />
        </div>
      </div>
      <div className="event-wizard-body">
        <WizardStepper mode={mode} eventId={eventId} current={current} reached={reached} validity={validity} />
        <form
          ref={formRef}
          noValidate
          className="event-wizard-form"
          aria-labelledby="event-wizard-step-title"
          // Enter in a field must not submit the whole event; the pager's buttons do that.
          onSubmit={(event) => event.preventDefault()}
        >
          <Card elevation={1} className="event-wizard-step-card">
            <H3 id="event-wizard-step-title">
              {current + 1}. {step.label}
            </H3>
            <Outlet context={context} />
          </Card>
          <div className="event-wizard-pager">
            {buttons.back && <Button icon="arrow-left" text="Zurück" onClick={() => go(current - 1)} />}
            <span className="event-wizard-pager-gap" />
            {buttons.next && <Button intent="primary" rightIcon="arrow-right" text="Weiter" disabled={!stepValid} onClick={() => go(current + 1)} />}
            {buttons.submit && <Button intent="primary" icon="send-message" text="Absenden" disabled={!stepValid || submitting} loading={submitting} onClick={save} />}
          </div>
        </form>
      </div>
    </>
  );
}
