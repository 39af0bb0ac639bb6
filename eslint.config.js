import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const apps = ['@drivebay/api', '@drivebay/sync-server', '@drivebay/client'];
const restrict = (names, message) => ({
  'no-restricted-imports': ['error', { paths: names.map((name) => ({ name, message })), patterns: [{ regex: '^(\\.\\./)+(api|sync-server|client)/src(/|$)', message }] }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data*/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // shared imports none of the apps.
  { files: ['shared/**'], rules: restrict(apps, 'shared must not import from the apps') },
  // The client reaches the server only over HTTP and WebSocket.
  { files: ['client/**'], rules: restrict(['@drivebay/api', '@drivebay/sync-server'], 'the client talks to the server over the network') },
  { files: ['sync-server/**'], rules: restrict(['@drivebay/client'], 'the sync server does not import the client') },
  { files: ['api/**'], rules: restrict(['@drivebay/client'], 'the API does not import the client') },
  {
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
