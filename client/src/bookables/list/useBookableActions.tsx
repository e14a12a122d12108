import { useMutation } from '@apollo/client/react';
import {
  type BookableFieldsFragment,
  BookablePublicQuotaDocument,
  BookablesDocument,
  BookableTagsDocument,
  DeleteBookableDocument,
  DuplicateBookableDocument,
} from '../../gql/graphql';
import { useConfirmedDelete } from '../../shared/list/rowActions';
import { notify, notifyError } from '../../shared/toast';
import { bookableMessages } from '../bookableMessages';

// After a change the list, the tags and the public quota may all differ: refetch the active ones.
const refetchQueries = [BookablesDocument, BookableTagsDocument, BookablePublicQuotaDocument];

/** Duplicate and confirmed delete of a card, with their toasts; the list refetches afterwards. */
export function useBookableActions(tenantId: string) {
  const [duplicateMutation] = useMutation(DuplicateBookableDocument, { refetchQueries });
  const [deleteMutation] = useMutation(DeleteBookableDocument, { refetchQueries });

  const duplicate = async (bookable: BookableFieldsFragment) => {
    try {
      await duplicateMutation({ variables: { tenantId, id: bookable.id } });
      notify({ type: 'success', ...bookableMessages.duplicated });
    } catch (failure) {
      console.error('Buchungsobjekt nicht dupliziert:', failure);
      notifyError(failure, bookableMessages.duplicateError);
    }
  };

  const { ask: askDelete, alert: deleteAlert } = useConfirmedDelete<BookableFieldsFragment>(
    async (bookable) => {
      try {
        await deleteMutation({ variables: { tenantId, id: bookable.id } });
        notify({ type: 'success', ...bookableMessages.deleted });
      } catch (failure) {
        console.error('Buchungsobjekt nicht gelöscht:', failure);
        notifyError(failure, bookableMessages.somethingWrong);
      }
    },
    (bookable) => `Möchten Sie das Buchungsobjekt „${bookable.title}“ wirklich löschen?`,
  );

  return { duplicate: (bookable: BookableFieldsFragment) => void duplicate(bookable), askDelete, deleteAlert };
}
