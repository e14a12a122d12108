import { describe, expect, it } from 'vitest';
import { shownFieldError } from './fieldMessage';

describe('shownFieldError', () => {
  it('says nothing about an empty field before it was changed or a save was tried', () => {
    expect(shownFieldError({ error: 'Pflichtfeld' })).toBeUndefined();
    expect(shownFieldError({ error: 'Pflichtfeld', touched: true })).toBeUndefined();
  });

  it('shows the message after a failed save for as long as the field is invalid', () => {
    expect(shownFieldError({ error: 'Pflichtfeld', touched: true, submitFailed: true })).toBe('Pflichtfeld');
    // Filled in: the check passes and the message is gone at once, whatever the time.
    expect(shownFieldError({ error: undefined, touched: true, submitFailed: true, modified: true })).toBeUndefined();
  });

  it('shows the message of a field that was changed and left', () => {
    expect(shownFieldError({ error: 'Ungültige URL.', touched: true, modified: true })).toBe('Ungültige URL.');
  });

  it("keeps the server's message until the field is changed", () => {
    expect(shownFieldError({ submitError: 'Maximal 255 Zeichen erlaubt.' })).toBe('Maximal 255 Zeichen erlaubt.');
    expect(shownFieldError({ submitError: 'Maximal 255 Zeichen erlaubt.', dirtySinceLastSubmit: true })).toBeUndefined();
  });

  it('ignores messages that are not text (errors of nested values)', () => {
    expect(shownFieldError({ error: { serverUrl: 'Pflichtfeld' }, touched: true, submitFailed: true })).toBeUndefined();
  });
});
