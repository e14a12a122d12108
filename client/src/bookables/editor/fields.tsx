import { Card, H4, Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { type FieldConventions, prefixedFieldId } from '../../shared/forms/fieldConventions';
import { fieldErrorMarker, shownFieldError } from '../../shared/forms/fieldMessage';

/** What is particular to the bookable editor's fields, bound to its form by name ("priceCategories[0].priceEur"). */

/** A DOM id from a field name: bookable-priceCategories-0-priceEur. */
export const fieldId = prefixedFieldId('bookable');

/** The editor's fields: ids from fieldId, messages by the general rule (see shownFieldError). */
export const bookableFieldConventions: Partial<FieldConventions> = { idOf: fieldId };

/**
 * The message at a path no input is bound to (e.g. "longRangeOptions"): the form's own check once
 * a save was tried, or the server's.
 */
export function useGroupError(name: string): string | undefined {
  const { meta } = useField(name, { subscription: { error: true, touched: true, modified: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true } });
  return shownFieldError(meta);
}

/** An error line below a group of inputs; a failed save leads here when no input of the group is marked. */
export function ErrorLine({ message }: { message: string | undefined }) {
  return message ? (
    <div className="bp6-form-helper-text form-error" role="alert" {...fieldErrorMarker}>
      {message}
    </div>
  ) : null;
}

/**
 * One titled block of the editor: a card with an H4 heading. Not a labelled region on purpose,
 * so a field named like its block ("Buchungshinweise") stays the only match of its label.
 */
export function EditorSection({ title, icon, children }: { title: string; icon?: IconName; children: ReactNode }) {
  return (
    <Card elevation={1} className="bookable-section" data-section={title}>
      <H4 className="bookable-section-title">
        {icon && <Icon icon={icon} />}
        {title}
      </H4>
      {children}
    </Card>
  );
}
