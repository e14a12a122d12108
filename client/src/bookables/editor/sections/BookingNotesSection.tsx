import { EditorSection } from '../fields';
import { RichTextField } from './GeneralSection';

/** Buchungshinweise: rich text shown to the public when booking. */
export function BookingNotesSection() {
  return (
    <EditorSection title="Buchungshinweise" icon="annotation">
      <RichTextField name="bookingNotes" label="Buchungshinweise" testId="bookable-booking-notes" />
    </EditorSection>
  );
}
