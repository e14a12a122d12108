import { useField, useForm } from 'react-final-form';
import { bookingModeLocks, emptySpecialOpeningHour, emptyTimePeriod, listForMode } from '../editorRules';
import { EditorSection } from '../fields';
import { SwitchField } from '../../../shared/forms/SwitchField';
import { PeriodListEditor } from './PeriodListEditor';
import { SpecialOpeningHoursEditor } from './SpecialOpeningHoursEditor';

/** Buchungszeiten: calendar bookings or fixed times (exclusive), opening hours, special dates. */
export function BookingTimesSection() {
  const form = useForm();
  // The lists stay registered while their editors are hidden: react-final-form 7 would reset a
  // field registered anew to its initial value, dropping the entry added when a mode is switched on.
  useField('timePeriods', { subscription: {} });
  useField('openingHours', { subscription: {} });
  useField('specialOpeningHours', { subscription: {} });
  const isScheduleRelated = useField<boolean>('isScheduleRelated', { subscription: { value: true } }).input.value;
  const isTimePeriodRelated = useField<boolean>('isTimePeriodRelated', { subscription: { value: true } }).input.value;
  const isOpeningHoursRelated = useField<boolean>('isOpeningHoursRelated', { subscription: { value: true } }).input.value;
  const isSpecialRelated = useField<boolean>('isSpecialOpeningHoursRelated', { subscription: { value: true } }).input.value;
  const locks = bookingModeLocks({ isScheduleRelated: Boolean(isScheduleRelated), isTimePeriodRelated: Boolean(isTimePeriodRelated) });

  // Turning a list mode on with an empty list starts it with one empty entry.
  const startList = (name: 'timePeriods' | 'openingHours' | 'specialOpeningHours') => (on: boolean) => {
    const current = (form.getState().values as Record<string, unknown[]>)[name] ?? [];
    const empty = name === 'specialOpeningHours' ? emptySpecialOpeningHour : emptyTimePeriod;
    form.change(name, listForMode<unknown>(on, current, empty));
  };

  return (
    <EditorSection title="Buchungszeiten" icon="time">
      <SwitchField
        name="isScheduleRelated"
        label="Buchungen über Kalender"
        disabled={locks.scheduleDisabled}
        hint={locks.scheduleDisabled ? 'Nicht möglich, solange feste Buchungszeiten aktiv sind.' : undefined}
      />
      <SwitchField
        name="isTimePeriodRelated"
        label="Feste Buchungszeiten"
        disabled={locks.timePeriodDisabled}
        hint={locks.timePeriodDisabled ? 'Nicht möglich, solange Buchungen über den Kalender aktiv sind.' : undefined}
        onToggle={startList('timePeriods')}
      />
      {isTimePeriodRelated && <PeriodListEditor name="timePeriods" entryLabel="Feste Buchungszeit" addLabel="Buchungszeit hinzufügen" />}
      <SwitchField name="isOpeningHoursRelated" label="Öffnungszeiten" onToggle={startList('openingHours')} />
      {isOpeningHoursRelated && <PeriodListEditor name="openingHours" entryLabel="Öffnungszeit" addLabel="Öffnungszeit hinzufügen" />}
      <SwitchField name="isSpecialOpeningHoursRelated" label="Besondere Öffnungszeiten" onToggle={startList('specialOpeningHours')} />
      {isSpecialRelated && <SpecialOpeningHoursEditor />}
    </EditorSection>
  );
}
