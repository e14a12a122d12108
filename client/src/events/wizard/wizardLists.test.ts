import { describe, expect, it } from 'vitest';
import { addLink, fileNameOf, listMessages, removeAt, updateAt } from './wizardLists';

describe('wizard lists', () => {
  it('adds a file only once and never an empty one', () => {
    expect(addLink(['a'], 'b')).toEqual({ list: ['a', 'b'], error: null });
    expect(addLink(['a'], ' a ')).toEqual({ list: ['a'], error: listMessages.duplicateFile });
    expect(addLink(['a'], '')).toEqual({ list: ['a'], error: listMessages.noFile });
  });

  it('names a file by its link', () => {
    expect(fileNameOf('http://host/api/t1/files/get?name=/public/events/attachments/plan%20neu.pdf')).toBe('plan neu.pdf');
    expect(fileNameOf('https://example.com/bilder/fest.png?x=1')).toBe('fest.png');
    expect(fileNameOf('https://example.com/')).toBe('example.com');
  });

  it('updates and removes entries', () => {
    const list = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    expect(updateAt(list, 1, { name: 'C' })).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'C' },
    ]);
    expect(removeAt(list, 0)).toEqual([{ id: 'b', name: 'B' }]);
  });
});
