import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const apps = ['@drivebay/api', '@drivebay/sync-server', '@drivebay/client'];
const restrict = (names, message, extraPatterns = []) => ({
  'no-restricted-imports': ['error', { paths: names.map((name) => ({ name, message })), patterns: [{ regex: '^(\\.\\./)+(api|sync-server|client)/src(/|$)', message }, ...extraPatterns] }],
});

// Client features never import each other; they meet in route modules, and everything outside a
// feature reaches it only through its index.ts. Each entry repeats the client's own restrictions
// because a later no-restricted-imports entry replaces an earlier one instead of adding to it.
const featuresDir = 'client/src/features';
const features = readdirSync(new URL(featuresDir, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientOnly = ['@drivebay/api', '@drivebay/sync-server'];
const clientMessage = 'the client talks to the server over the network';
// conversations/offline is a second, deliberately small entry: the app layout provides the
// conversation screen's offline contract without loading the screen itself.
const deepImport = {
  regex: '^(\\.\\./)+features/(?!conversations/offline$)[a-z-]+/(?!index(\\.ts)?$).+',
  message: 'import a feature through its index.ts, not a file inside it',
};
// Import texts are relative, so a pattern has to know how deep the importing file sits: one entry
// per depth below the feature's folder, so `../offline` inside conversations (its own offline.ts)
// is not mistaken for the offline feature. Deeper files than this fall back to the client's rule.
const MAX_DEPTH = 6;
const up = (count) => `(\\.\\./){${count}}`;
const featureBoundaries = features.flatMap((feature) => {
  const others = features.filter((other) => other !== feature).join('|');
  const message = `features do not import each other: compose ${feature} with the other feature in a route module, or move the shared piece to @drivebay/shared, client/src/components or client/src/lib`;
  return Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: [`${featuresDir}/${feature}/${'*/'.repeat(depth)}*`],
    rules: restrict(clientOnly, clientMessage, [
      { regex: `^${up(depth + 1)}(${others})(/|$)`, message },
      { regex: `^${up(depth + 2)}features/(${others})(/|$)`, message },
    ]),
  }));
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data*/**', '.client-e2e-*/**', 'test-results/**', 'playwright-report/**'] },
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
  { files: ['client/**'], rules: restrict(clientOnly, clientMessage, [deepImport]) },
  ...featureBoundaries,
  { files: ['sync-server/**'], rules: restrict(['@drivebay/client'], 'the sync server does not import the client') },
  { files: ['api/**'], rules: restrict(['@drivebay/client'], 'the API does not import the client') },
  {
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
