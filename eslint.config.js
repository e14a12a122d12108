import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every domain folder of server/src, as the layers below list them. */
const serverDomains = ['mail', 'users', 'tenants', 'roles', 'files', 'coupons', 'workflow', 'tokens', 'webhooks', 'instance', 'sso', 'bookables', 'bookings', 'events', 'payments', 'lockers', 'receipts', 'portal', 'snippets', 'privacy', 'feeds', 'allocation'];

/** One rule per domain: no import of a domain in its own layer or a higher one (tests excepted). */
function serverLayerRules(layers) {
  return layers.flatMap((layer, index) =>
    layer.map((domain) => {
      const above = layers.slice(index).flat().filter((other) => other !== domain);
      return {
        files: [`server/src/${domain}/**/*.ts`],
        ignores: ['**/*.test.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            { patterns: [{ regex: `^(\\.\\./)+(${above.join('|')})/`, message: `${domain}/ sits below ${above.join(', ')}: reach them through a port that ${domain}/ owns.` }] },
          ],
        },
      };
    }),
  );
}

/** Blueprint pieces that are wrong under React 19 or speak English to screen readers have one shared replacement. */
const blueprintReplacements = [
  { name: '@blueprintjs/core', importNames: ['Popover'], message: 'Use PopoverNext: Popover positions its content incorrectly under React 19.' },
  { name: '@blueprintjs/core', importNames: ['NumericInput'], message: 'Use shared/forms/NumericInput: German step buttons that point at their input.' },
];

/** The composition root's files at client/src's top, which no domain and no shared piece imports. */
const clientRootModules = ['main', 'routes', 'adminScreens', 'cachePolicies'];

/** Every domain folder of client/src, as the layers below list them. */
const clientDomains = ['files', 'portal', 'coupons', 'roles', 'users', 'instance', 'payments', 'graphiql', 'privacy', 'bookables', 'bookings', 'events', 'checkout', 'tenants', 'allocation'];

/**
 * The client's screens in layers, like the server's. `shared/` imports no domain; the admin frame
 * (`frame/`) and the files at client/src's top (routes, screens, cache policies) compose them all.
 * One flat-config block per domain replaces the general client block's `no-restricted-imports`, so
 * the Blueprint replacements are repeated here.
 */
function clientLayerRules(layers) {
  const rule = (files, forbidden, message) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: blueprintReplacements,
          patterns: [
            { regex: `^(\\.\\./)+(${forbidden.join('|')})/`, message },
            { regex: `^(\\.\\./)+(${clientRootModules.join('|')})$`, message: 'The files at client/src\'s top compose the screens; a screen gets what it needs from them handed in.' },
          ],
        },
      ],
    },
  });
  return [
    rule(['client/src/shared/**/*.{ts,tsx}'], [...clientDomains, 'frame'], 'shared/ imports no domain: let the composition root (frame/, routes, cachePolicies.ts) hand the piece in.'),
    ...layers.flatMap((layer, index) =>
      layer.map((domain) => {
        const above = [...layers.slice(index).flat().filter((other) => other !== domain), 'frame'];
        return rule([`client/src/${domain}/**/*.{ts,tsx}`], above, `${domain}/ sits below ${above.join(', ')}: move the shared piece down (shared/ or common/) or let the page above hand it in.`);
      }),
    ),
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'client/src/gql/**', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // An `any` needs a reason next to it: the disable comment is that reason.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  // The server's domains in layers, from the bottom up. A domain imports `shared/` and the domains
  // of lower layers; it reaches one of its own layer or above only through a port it owns (for
  // example users/platform-accounts.ts, tenants/tenant-ports.ts, bookings/event-seats.ts,
  // bookables/ticket-events.ts), which the composition root (services.ts) wires up.
  ...serverLayerRules([
    ['mail'],
    ['users'],
    ['tenants'],
    ['roles', 'files', 'coupons', 'workflow'],
    ['tokens', 'webhooks'],
    ['instance'],
    ['sso', 'bookables'],
    ['bookings'],
    ['events', 'payments', 'lockers', 'feeds', 'allocation'],
    ['receipts', 'portal', 'snippets'],
    ['privacy'],
  ]),
  {
    files: ['server/src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./)+(${serverDomains.join('|')})/`, message: 'shared/ imports no domain.' }] }],
    },
  },
  // Rules that need the types: a promise nobody awaits or handles loses its error silently.
  {
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'common/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: blueprintReplacements }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='Section'] > JSXAttribute[name.name='collapsible']", message: 'Use shared/CollapsibleSection: German toggle label, correct aria-expanded.' },
      ],
    },
  },
  // Bottom up: a client domain imports shared/, common/ and the domains of lower layers.
  ...clientLayerRules([
    ['files', 'portal', 'coupons', 'roles', 'users', 'instance', 'payments', 'graphiql', 'privacy'],
    ['bookables'],
    ['bookings', 'events'],
    ['checkout', 'tenants'],
    ['allocation'],
  ]),
);
