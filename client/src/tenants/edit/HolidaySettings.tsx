import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useField } from 'react-final-form';
import { holidayRegionNames, holidayRegions, type SchoolHoliday } from '../../../../common/tenants/tenant.validation';
import { DateField } from '../../shared/forms/DateField';
import { useConventionalField } from '../../shared/forms/fieldConventions';
import { helperLine } from '../../shared/forms/fieldMessage';
import { TextField } from '../../shared/forms/TextField';
import { emptySchoolHoliday } from './tenantFormValues';

/** The states by name, as people look for them. */
const regionOptions = [
  { value: '', label: 'keins' },
  ...holidayRegions.map((region) => ({ value: region, label: holidayRegionNames[region] })).sort((a, b) => a.label.localeCompare(b.label, 'de')),
];

/** The Bundesland whose public holidays a series may skip. */
function HolidayRegionField() {
  const field = useConventionalField<string>('holidayRegion');
  const { error } = field;
  const helperId = `${field.id}-helper`;
  return (
    <FormGroup
      label="Bundesland für Feiertage"
      labelFor={field.id}
      helperText={<div id={helperId}>{helperLine(error, 'Seine gesetzlichen Feiertage kann eine Serienbuchung auslassen.')}</div>}
      intent={error ? 'danger' : 'none'}
    >
      <HTMLSelect
        id={field.id}
        value={field.input.value ?? ''}
        onChange={(event) => field.input.onChange(event.currentTarget.value)}
        onFocus={field.input.onFocus}
        onBlur={field.input.onBlur}
        options={regionOptions}
        aria-invalid={error ? true : undefined}
        aria-describedby={helperId}
      />
    </FormGroup>
  );
}

/** One day of a period, bound by name: typed and shown as TT.MM.JJJJ, stored as YYYY-MM-DD. */
function PeriodDayField({ name, label }: { name: string; label: string }) {
  const field = useConventionalField<string>(name);
  return <DateField id={field.id} label={label} value={field.input.value ?? ''} onChange={field.input.onChange} onBlur={field.input.onBlur} error={field.error} />;
}

/** The school holiday periods staff enter each year: title, first and last day; rows added and removed. */
function SchoolHolidaysEditor() {
  const { input } = useField<SchoolHoliday[]>('schoolHolidays');
  const periods = input.value || [];
  return (
    <div className="school-holidays" role="group" aria-labelledby="tenant-schoolHolidays-label">
      <p id="tenant-schoolHolidays-label" className="school-holidays-heading">
        Schulferien
      </p>
      <p className="bp6-text-muted">Die Ferien legt jedes Land jährlich fest; bitte hier eintragen. Erster und letzter Tag gehören dazu.</p>
      {periods.length === 0 && <p>Keine Schulferien eingetragen.</p>}
      {periods.map((_, index) => {
        const legend = `Ferienzeitraum ${index + 1}`;
        return (
          <fieldset key={index} className="school-holiday-row">
            <legend>{legend}</legend>
            <div className="school-holiday-fields">
              <TextField name={`schoolHolidays.${index}.title`} label="Bezeichnung" placeholder="z. B. Herbstferien" />
              <PeriodDayField name={`schoolHolidays.${index}.from`} label="von" />
              <PeriodDayField name={`schoolHolidays.${index}.to`} label="bis" />
              <Button
                className="school-holiday-remove"
                icon="trash"
                variant="minimal"
                intent="danger"
                aria-label={`${legend} entfernen`}
                title="Entfernen"
                onClick={() => input.onChange(periods.filter((__, other) => other !== index))}
              />
            </div>
          </fieldset>
        );
      })}
      <Button icon="add" text="Ferienzeitraum hinzufügen" onClick={() => input.onChange([...periods, emptySchoolHoliday()])} />
    </div>
  );
}

/** Feiertage und Ferien: what a series booking may skip. */
export function HolidaySettings() {
  return (
    <>
      <HolidayRegionField />
      <SchoolHolidaysEditor />
    </>
  );
}
