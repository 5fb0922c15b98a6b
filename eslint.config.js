import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Only api/ calls the server (the import laws keep call() and the transport there too).
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='fetch'] > Literal[value=/^\\/api\\//], " +
            "CallExpression[callee.name='fetch'] > TemplateLiteral > TemplateElement[value.raw=/^\\/api\\//]",
          message: 'Only api/ calls the server: add a function to packages/web/src/api/.',
        },
      ],
    },
  },
  {
    // A change of the member reaches the screens through memberChanged() alone (api/memberChanged.ts).
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/web/src/api/useProfile.ts',
      'packages/web/src/api/memberChanged.ts',
      'packages/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/useProfile', './useProfile'],
              importNames: ['profileKey'],
              message: "Apply a member's change with memberChanged() (api/memberChanged.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Test logs stay readable: a failing expect already shows the value (a query plan, say).
    files: ['packages/*/test/**/*.{ts,tsx}', 'packages/*/src/**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
);
