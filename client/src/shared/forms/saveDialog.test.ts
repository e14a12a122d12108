import { CombinedGraphQLErrors } from '@apollo/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, notifyError } from '../toast';
import { submitSave } from './saveDialog';

vi.mock('../toast', async (importOriginal) => ({ ...(await importOriginal<typeof import('../toast')>()), notify: vi.fn(), notifyError: vi.fn() }));

const refusal = (extensions: Record<string, unknown>) => new CombinedGraphQLErrors({ errors: [{ message: 'Bitte überprüfen Sie Ihre Eingaben.', extensions }] });
const failed = { title: 'Fehler', message: 'Die Rolle konnte nicht gespeichert werden.' };

describe('submitSave', () => {
  beforeEach(() => vi.mocked(notify).mockClear());
  beforeEach(() => vi.mocked(notifyError).mockClear());

  it('saves, shows the success toast and then closes', async () => {
    const steps: string[] = [];
    vi.mocked(notify).mockImplementationOnce(() => steps.push('toast'));
    const save = vi.fn(() => Promise.resolve(steps.push('save')));
    const result = await submitSave({ name: 'Verwaltung' }, { save, saved: { title: 'Rolle gespeichert' }, failed, onSaved: () => steps.push('close') });
    expect(result).toBeUndefined();
    expect(save).toHaveBeenCalledWith({ name: 'Verwaltung' });
    expect(notify).toHaveBeenCalledWith({ type: 'success', title: 'Rolle gespeichert' });
    expect(steps).toEqual(['save', 'toast', 'close']);
  });

  it('words the success toast from the saved values when asked to', async () => {
    await submitSave({ userId: 'a@b.de' }, { save: () => Promise.resolve(), saved: (values) => ({ title: 'Benutzer hinzugefügt', message: values.userId }), failed });
    expect(notify).toHaveBeenCalledWith({ type: 'success', title: 'Benutzer hinzugefügt', message: 'a@b.de' });
  });

  it('returns the field messages of a refusal, renamed, and stays open without a toast', async () => {
    const onSaved = vi.fn();
    const error = refusal({ code: 'GENERIC_VALIDATION', title: 'Validierungsfehler', fieldErrors: { noreplyPasswordSet: 'Pflichtfeld' } });
    const result = await submitSave({}, { save: () => Promise.reject(error), saved: { title: 'Gespeichert' }, failed, onSaved, fieldAliases: { noreplyPasswordSet: 'noreplyPassword' } });
    expect(result).toMatchObject({ noreplyPassword: 'Pflichtfeld' });
    expect(onSaved).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reports a refusal without field messages with the fallback toast and stays open', async () => {
    const onSaved = vi.fn();
    const error = new Error('offline');
    const result = await submitSave({}, { save: () => Promise.reject(error), saved: { title: 'Gespeichert' }, failed, onSaved });
    expect(result).toBeUndefined();
    expect(notifyError).toHaveBeenCalledWith(error, failed);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('hands such a refusal to the dialog when it reacts on its own', async () => {
    const reaction = vi.fn();
    const error = refusal({ code: 'TENANT_USER_NOT_FOUND' });
    await submitSave({}, { save: () => Promise.reject(error), saved: { title: 'Gespeichert' }, failed: reaction });
    expect(reaction).toHaveBeenCalledWith(error);
    expect(notifyError).not.toHaveBeenCalled();
  });
});
