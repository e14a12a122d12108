import { decimalText } from '../editorRules';
import { EditorSection } from '../fields';
import { TextField } from '../../../shared/forms/TextField';

/** Buchungsdauer in hours; enforced at checkout. Empty means no limit. */
export function DurationSection() {
  return (
    <EditorSection title="Buchungsdauer" icon="stopwatch">
      <div className="bookable-grid">
        <TextField name="minBookingDuration" label="Mindestbuchungsdauer (Stunden)" inputMode="decimal" filter={decimalText} placeholder="keine" />
        <TextField name="maxBookingDuration" label="Maximale Buchungsdauer (Stunden)" inputMode="decimal" filter={decimalText} placeholder="keine" />
      </div>
    </EditorSection>
  );
}
