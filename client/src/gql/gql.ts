/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment SessionFields on Session {\n  user {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n    isVerified\n    isSuspended\n    authType\n    created\n  }\n  permissions {\n    instanceOwner\n    allowCreateTenant\n    tenants {\n      tenantId\n      isOwner\n      adminInterfaces\n      freeBookings\n      manageRoles {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageUsers {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageTenants {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookings {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookables {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageCoupons {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n    }\n  }\n}\n\nquery Me {\n  me {\n    ...SessionFields\n  }\n}\n\nsubscription SessionChanged {\n  sessionChanged {\n    ...SessionFields\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nquery PublicInstance {\n  publicInstance {\n    contactAddress\n    contactUrl\n    dataProtectionUrl\n    legalNoticeUrl\n  }\n}": typeof types.SessionFieldsFragmentDoc,
    "query MyTenants {\n  tenants(onlyOwn: true) {\n    id\n    name\n    contactName\n    location\n    mail\n    phone\n    website\n  }\n}": typeof types.MyTenantsDocument,
    "mutation SignIn($id: String!, $password: String!) {\n  signIn(id: $id, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input)\n}\n\nmutation RequestPasswordChange($id: String!, $password: String!) {\n  requestPasswordChange(id: $id, password: $password)\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n  }\n}": typeof types.SignInDocument,
};
const documents: Documents = {
    "fragment SessionFields on Session {\n  user {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n    isVerified\n    isSuspended\n    authType\n    created\n  }\n  permissions {\n    instanceOwner\n    allowCreateTenant\n    tenants {\n      tenantId\n      isOwner\n      adminInterfaces\n      freeBookings\n      manageRoles {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageUsers {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageTenants {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookings {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookables {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageCoupons {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n    }\n  }\n}\n\nquery Me {\n  me {\n    ...SessionFields\n  }\n}\n\nsubscription SessionChanged {\n  sessionChanged {\n    ...SessionFields\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nquery PublicInstance {\n  publicInstance {\n    contactAddress\n    contactUrl\n    dataProtectionUrl\n    legalNoticeUrl\n  }\n}": types.SessionFieldsFragmentDoc,
    "query MyTenants {\n  tenants(onlyOwn: true) {\n    id\n    name\n    contactName\n    location\n    mail\n    phone\n    website\n  }\n}": types.MyTenantsDocument,
    "mutation SignIn($id: String!, $password: String!) {\n  signIn(id: $id, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input)\n}\n\nmutation RequestPasswordChange($id: String!, $password: String!) {\n  requestPasswordChange(id: $id, password: $password)\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n  }\n}": types.SignInDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionFields on Session {\n  user {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n    isVerified\n    isSuspended\n    authType\n    created\n  }\n  permissions {\n    instanceOwner\n    allowCreateTenant\n    tenants {\n      tenantId\n      isOwner\n      adminInterfaces\n      freeBookings\n      manageRoles {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageUsers {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageTenants {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookings {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookables {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageCoupons {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n    }\n  }\n}\n\nquery Me {\n  me {\n    ...SessionFields\n  }\n}\n\nsubscription SessionChanged {\n  sessionChanged {\n    ...SessionFields\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nquery PublicInstance {\n  publicInstance {\n    contactAddress\n    contactUrl\n    dataProtectionUrl\n    legalNoticeUrl\n  }\n}"): (typeof documents)["fragment SessionFields on Session {\n  user {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n    isVerified\n    isSuspended\n    authType\n    created\n  }\n  permissions {\n    instanceOwner\n    allowCreateTenant\n    tenants {\n      tenantId\n      isOwner\n      adminInterfaces\n      freeBookings\n      manageRoles {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageUsers {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageTenants {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookings {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageBookables {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n      manageCoupons {\n        create\n        readOwn\n        readAny\n        updateOwn\n        updateAny\n        deleteOwn\n        deleteAny\n      }\n    }\n  }\n}\n\nquery Me {\n  me {\n    ...SessionFields\n  }\n}\n\nsubscription SessionChanged {\n  sessionChanged {\n    ...SessionFields\n  }\n}\n\nmutation SignOut {\n  signOut\n}\n\nquery PublicInstance {\n  publicInstance {\n    contactAddress\n    contactUrl\n    dataProtectionUrl\n    legalNoticeUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyTenants {\n  tenants(onlyOwn: true) {\n    id\n    name\n    contactName\n    location\n    mail\n    phone\n    website\n  }\n}"): (typeof documents)["query MyTenants {\n  tenants(onlyOwn: true) {\n    id\n    name\n    contactName\n    location\n    mail\n    phone\n    website\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SignIn($id: String!, $password: String!) {\n  signIn(id: $id, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input)\n}\n\nmutation RequestPasswordChange($id: String!, $password: String!) {\n  requestPasswordChange(id: $id, password: $password)\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n  }\n}"): (typeof documents)["mutation SignIn($id: String!, $password: String!) {\n  signIn(id: $id, password: $password) {\n    ...SessionFields\n  }\n}\n\nmutation SignUp($input: SignUpInput!) {\n  signUp(input: $input)\n}\n\nmutation RequestPasswordChange($id: String!, $password: String!) {\n  requestPasswordChange(id: $id, password: $password)\n}\n\nmutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    id\n    firstName\n    lastName\n    company\n    phone\n    address\n    zipCode\n    city\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;