import { eventDirectories } from '../wizardLists';
import { FileLinkList } from './FileLinkList';

/** Step 6: attachments, an ordered list of files (public only, each once). */
export function AttachmentsStep() {
  return <FileLinkList name="attachments" label="Anhänge" pickerLabel="Datei für neuen Anhang" addText="Anhang hinzufügen" directory={eventDirectories.attachments} />;
}
