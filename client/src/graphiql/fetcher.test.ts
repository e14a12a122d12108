import { describe, expect, it } from 'vitest';
import { credentialsFor, requestHeaders } from './fetcher';

describe('GraphiQL sends either the session or an API token, never both', () => {
  it('without a token: the editor headers as they are, with the session cookie', () => {
    const headers = requestHeaders({ 'X-Trace': 'a1' }, '  ');
    expect(headers).toEqual({ 'X-Trace': 'a1' });
    expect(credentialsFor(headers)).toBe('same-origin');
  });

  it('the token field becomes Authorization: Bearer …, and no cookies go along', () => {
    const headers = requestHeaders({}, ' bpt_abc ');
    expect(headers).toEqual({ Authorization: 'Bearer bpt_abc' });
    expect(credentialsFor(headers)).toBe('omit');
  });

  it('an Authorization header typed into the headers editor wins over the field and omits cookies too', () => {
    const headers = requestHeaders({ authorization: 'Bearer bpt_editor' }, 'bpt_field');
    expect(headers).toEqual({ authorization: 'Bearer bpt_editor' });
    expect(credentialsFor(headers)).toBe('omit');
  });
});
