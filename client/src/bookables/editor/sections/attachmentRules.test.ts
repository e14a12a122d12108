import { describe, expect, it } from 'vitest';
import { addAttachment, attachmentMessages, isFileTaken, newAttachment, withRequired } from './attachmentRules';

describe('attachment rules', () => {
  it('creates an attachment with a fresh id of the type agreement, not shown, not required', () => {
    const first = newAttachment('/api/t/files/get?name=/public/agreements/a.pdf');
    const second = newAttachment('');
    expect(first).toMatchObject({ title: '', caption: '', type: 'agreement', show: false, required: false });
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('forces show when required, and leaves show alone when no longer required', () => {
    const attachment = newAttachment('a.pdf', 'x');
    expect(withRequired(attachment, true)).toMatchObject({ required: true, show: true });
    expect(withRequired({ ...attachment, required: true, show: true }, false)).toMatchObject({ required: false, show: true });
    expect(withRequired({ ...attachment, show: false }, false)).toMatchObject({ required: false, show: false });
  });

  it('adds a file only once', () => {
    const once = addAttachment([], newAttachment('a.pdf', '1'));
    expect(once).toEqual({ list: [newAttachment('a.pdf', '1')], error: null });
    const twice = addAttachment(once.list, newAttachment('a.pdf', '2'));
    expect(twice.list).toEqual(once.list);
    expect(twice.error).toBe(attachmentMessages.duplicate);
    expect(addAttachment(once.list, newAttachment('b.pdf', '3')).list.map((item) => item.id)).toEqual(['1', '3']);
  });

  it('allows only one entry still without a file', () => {
    const blank = addAttachment([], newAttachment('', '1')).list;
    expect(addAttachment(blank, newAttachment('', '2'))).toEqual({ list: blank, error: attachmentMessages.blankPending });
  });

  it('treats a file as taken only by another entry', () => {
    const list = [newAttachment('a.pdf', '1'), newAttachment('', '2')];
    expect(isFileTaken(list, 'a.pdf', '2')).toBe(true);
    expect(isFileTaken(list, 'a.pdf', '1')).toBe(false);
    expect(isFileTaken(list, '', '1')).toBe(false);
    expect(isFileTaken(list, 'b.pdf', '2')).toBe(false);
  });
});
