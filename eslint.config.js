import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  {
    // Domain layers: events builds on bookings, bookings on bookables. A lower domain reaches a
    // higher one only through a port it owns (bookings/event-seats.ts, bookables/ticket-events.ts).
    files: ['server/src/bookings/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+events/', message: 'The events domain builds on bookings: reach it through a port (EventDirectory).' }] }],
    },
  },
  {
    files: ['server/src/bookables/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(events|bookings)/', message: 'Bookings and events build on bookables: reach them through a port (TicketEvents, TicketSeats, BookingOccupancy).' }] },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Blueprint pieces that are wrong under React 19 or speak English to screen readers have one shared replacement.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@blueprintjs/core', importNames: ['Popover'], message: 'Use PopoverNext: Popover positions its content incorrectly under React 19.' },
            { name: '@blueprintjs/core', importNames: ['NumericInput'], message: 'Use shared/forms/NumericInput: German step buttons that point at their input.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='Section'] > JSXAttribute[name.name='collapsible']", message: 'Use shared/CollapsibleSection: German toggle label, correct aria-expanded.' },
      ],
    },
  },
);
