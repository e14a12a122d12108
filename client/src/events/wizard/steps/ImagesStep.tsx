import { eventDirectories } from '../wizardLists';
import { FileLinkList } from './FileLinkList';

/** Step 7: the event's images (images only, public). */
export function ImagesStep() {
  return <FileLinkList name="images" label="Bilder" pickerLabel="Neues Bild" addText="Bild hinzufügen" directory={eventDirectories.images} imagesOnly />;
}
