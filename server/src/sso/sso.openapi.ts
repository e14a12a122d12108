/** Single sign-on's REST operations for the OpenAPI document (sso.routes.ts). */
import { anyJson, jsonBody, type ApiDomain } from '../shared/openapi/operation.js';

const tokens = jsonBody({ token: { type: 'string', description: 'Zugriffstoken des Anbieters' }, refreshToken: { type: 'string', description: 'Erneuerungstoken des Anbieters' } }, ['token']);

export const ssoApi: ApiDomain = {
  tag: { name: 'Single Sign-on', description: 'Anmelden über den Identitätsanbieter der Instanz.' },
  source: 'server/src/sso/sso.openapi.ts',
  operations: [
    { method: 'get', path: '/auth/sso/configuration', summary: 'Konfiguration des Anbieters (öffentlich)', access: 'public', answers: { 200: anyJson('Adresse, Realm und Client, oder inaktiv.') }, problems: [404] },
    { method: 'post', path: '/auth/sso/signin', summary: 'Mit dem Token des Anbieters anmelden', access: 'public', body: tokens, answers: { 200: anyJson('`{ user, permissions }`') }, problems: [401, 404, 429] },
    { method: 'post', path: '/auth/sso/signup', summary: 'Mit dem Token des Anbieters registrieren', access: 'public', body: tokens, answers: { 201: anyJson('Angelegt.') }, problems: [401, 409, 429] },
  ],
};
