import { Button, FormGroup, TextArea } from '@blueprintjs/core';
import { type AgendaDayValues, type AgendaItemValues, newAgendaDay, newAgendaItem } from '../eventFormValues';
import { removeAt, updateAt } from '../wizardLists';
import { PlainDate, PlainInput, PlainTime, useListField } from '../wizardFields';

function Description({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <FormGroup label="Beschreibung" labelFor={id}>
      <TextArea id={id} value={value} rows={2} fill onChange={(event) => onChange(event.currentTarget.value)} />
    </FormGroup>
  );
}

/** Step 5: the agenda, days with date, time and description, each with its items (time, description). */
export function AgendaStep() {
  const days = useListField<AgendaDayValues>('schedules');
  const setItems = (dayIndex: number, items: AgendaItemValues[]) => days.update(dayIndex, { schedules: items });
  return (
    <>
      {days.list.length === 0 && <p className="bp6-text-muted">Es sind keine Einträge vorhanden.</p>}
      {days.list.map((day, dayIndex) => {
        const dayTitle = `Tag ${dayIndex + 1}`;
        const id = (field: string) => `event-schedules-${dayIndex}-${field}`;
        return (
          <fieldset key={day.id} className="event-wizard-row">
            <legend>{dayTitle}</legend>
            <div className="event-wizard-grid">
              <PlainDate id={id('date')} label="Datum" value={day.date} onChange={(date) => days.update(dayIndex, { date })} error={days.errorAt(`${dayIndex}.date`)} />
              <PlainTime id={id('time')} label="Uhrzeit" value={day.time} onChange={(time) => days.update(dayIndex, { time })} error={days.errorAt(`${dayIndex}.time`)} />
            </div>
            <Description id={id('description')} value={day.description} onChange={(description) => days.update(dayIndex, { description })} />
            {day.schedules.map((item, itemIndex) => {
              const itemTitle = `Programmpunkt ${itemIndex + 1}`;
              const itemId = (field: string) => `event-schedules-${dayIndex}-items-${itemIndex}-${field}`;
              return (
                <fieldset key={item.id} className="event-wizard-row event-wizard-item" aria-label={`${dayTitle}, ${itemTitle}`}>
                  <legend>{itemTitle}</legend>
                  <div className="event-wizard-row-fields">
                    <PlainTime
                      className="event-wizard-time"
                      id={itemId('time')}
                      label="Uhrzeit"
                      value={item.time}
                      onChange={(time) => setItems(dayIndex, updateAt(day.schedules, itemIndex, { time }))}
                      error={days.errorAt(`${dayIndex}.schedules.${itemIndex}.time`)}
                    />
                    <PlainInput id={itemId('description')} label="Beschreibung" value={item.description} onChange={(description) => setItems(dayIndex, updateAt(day.schedules, itemIndex, { description }))} />
                    <Button
                      className="event-wizard-row-remove"
                      icon="trash"
                      intent="danger"
                      variant="minimal"
                      aria-label={`${dayTitle}, ${itemTitle} entfernen`}
                      title="Entfernen"
                      onClick={() => setItems(dayIndex, removeAt(day.schedules, itemIndex))}
                    />
                  </div>
                </fieldset>
              );
            })}
            <div className="event-wizard-row-actions">
              <Button icon="add" text="Programmpunkt hinzufügen" aria-label={`Programmpunkt hinzufügen (${dayTitle})`} onClick={() => setItems(dayIndex, [...day.schedules, newAgendaItem()])} />
              <Button icon="trash" intent="danger" variant="minimal" text={`${dayTitle} entfernen`} onClick={() => days.remove(dayIndex)} />
            </div>
          </fieldset>
        );
      })}
      <Button icon="add" text="Tag hinzufügen" onClick={() => days.set([...days.list, newAgendaDay()])} />
    </>
  );
}
