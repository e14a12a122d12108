import { describe, expect, it } from 'vitest';
import { crontabOf } from '../shared/jobs.js';
import { anonymisedHistoryRow, needsAnonymisation } from './anonymisation.js';
import { mailsOf } from './personal-data.js';

const edit = {
  actor_kind: 'user',
  actor_label: 'Petra Personal',
  changes: [
    { field: 'name', before: 'Erika Mustermann', after: 'Erika Musterfrau' },
    { field: 'phone', before: '0123', after: '' },
    { field: 'street', before: 'Hauptstraße 1', after: 'Nebenweg 2' },
    { field: 'assignedUserId', before: null, after: 'erika@example.com' },
    { field: 'timeBegin', before: '2026-05-01T08:00:00.000Z', after: '2026-05-02T08:00:00.000Z' },
  ],
  reason: 'Kundin hat angerufen',
};

describe('the history of an anonymised booking', () => {
  it('full: every customer value neutral, the booker account gone, free text removed; times and staff stay', () => {
    expect(anonymisedHistoryRow(edit, 'full')).toEqual({
      actorLabel: 'Petra Personal',
      reason: null,
      changes: [
        { field: 'name', before: 'Anonymisiert', after: 'Anonymisiert' },
        { field: 'phone', before: '', after: '' },
        { field: 'street', before: '', after: '' },
        { field: 'assignedUserId', before: null, after: '' },
        edit.changes[4],
      ],
    });
  });

  it('keep-accounting: name and address stay, phone and free text go', () => {
    const row = anonymisedHistoryRow(edit, 'keep-accounting');
    expect(row?.changes.slice(0, 4)).toEqual([edit.changes[0], { field: 'phone', before: '', after: '' }, edit.changes[2], edit.changes[3]]);
    expect(row?.reason).toBeNull();
  });

  it('a citizen is named by role only; system texts stay; an entry without personal data is left alone', () => {
    expect(anonymisedHistoryRow({ actor_kind: 'citizen', actor_label: 'Erika', changes: [], reason: 'Termin passt nicht' }, 'full')).toEqual({ actorLabel: 'Bürger/in', reason: null, changes: [] });
    expect(anonymisedHistoryRow({ actor_kind: 'system', actor_label: 'System', changes: [{ field: 'mail_kind', before: null, after: 'confirmed' }], reason: 'Versand fehlgeschlagen, wird wiederholt' }, 'full')).toBeNull();
  });

  it('a booking is anonymised once per mode; full is final', () => {
    expect(needsAnonymisation(null, 'keep-accounting')).toBe(true);
    expect(needsAnonymisation('keep-accounting', 'keep-accounting')).toBe(false);
    expect(needsAnonymisation('keep-accounting', 'full')).toBe(true);
    expect(needsAnonymisation('full', 'keep-accounting')).toBe(false);
    expect(needsAnonymisation('full', 'full')).toBe(false);
  });
});

describe('job schedules', () => {
  it('become crontab lines; a malformed one is refused at start', () => {
    expect(crontabOf([{ task: 'privacy-retention', cron: '15 2 * * *' }])).toBe('15 2 * * * privacy-retention');
    expect(crontabOf([])).toBe('');
    expect(() => crontabOf([{ task: 'x', cron: '15 2 *' }])).toThrow();
    expect(() => crontabOf([{ task: 'a b', cron: '* * * * *' }])).toThrow();
  });
});

describe('the mails listed for the person', () => {
  it('are the customer mails by kind; mails to the tenant or an organiser are left out', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const mail = (action: string, kind: string) => ({ at, action, actor: { kind: 'system', label: 'System' }, via: 'job', changes: [{ field: 'mail_kind', before: null, after: kind }], reason: null });
    expect(mailsOf([mail('mail_sent', 'request-received'), mail('mail_sent', 'tenant-new-booking'), mail('mail_failed', 'confirmed'), mail('mail_sent', 'organizer-new-booking'), { ...mail('created', ''), changes: [] }])).toEqual([
      { at, kind: 'request-received', label: 'Anfrage eingegangen', sent: true },
      { at, kind: 'confirmed', label: 'Buchungsbestätigung', sent: false },
    ]);
  });
});
