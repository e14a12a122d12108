import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isSecretField } from '../../../common/tenants/change-log.js';
import { tenantBooleanFields, tenantListFields, tenantNumberFields, tenantSettingKinds, tenantSettingsFields, tenantTextFields } from './tenant-settings.js';

/** The inputs beside the settings: clearing a secret, and the applications (logged on their own). */
const notSettings = new Set(['clearNoreplyPassword', 'clearNoreplyGraphClientSecret', 'applications']);

describe('the one list of tenant settings', () => {
  it('holds every field of the tenant input, so the change log cannot miss a setting added later', () => {
    const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'));
    const input = schema.getType('TenantInput') as GraphQLInputObjectType;
    const inputFields = Object.keys(input.getFields()).filter((field) => !notSettings.has(field));
    expect(inputFields.filter((field) => !(field in tenantSettingKinds))).toEqual([]);
    expect(tenantSettingsFields.filter((field) => !inputFields.includes(field))).toEqual([]);
  });

  it('marks exactly the fields named like secrets as secret, and the input writes no secret as plain text', () => {
    const secrets = tenantSettingsFields.filter((field) => tenantSettingKinds[field] === 'secret');
    expect(secrets).toEqual(tenantSettingsFields.filter(isSecretField));
    const written: readonly string[] = [...tenantTextFields, ...tenantBooleanFields, ...tenantNumberFields, ...tenantListFields];
    expect(written.filter((field) => secrets.includes(field as (typeof secrets)[number]))).toEqual([]);
    expect(written.length + secrets.length).toBe(tenantSettingsFields.length);
  });
});
