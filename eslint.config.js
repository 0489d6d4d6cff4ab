import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's features; none imports another (shared code sits below them, pages that combine them in app/). */
const WEB_FEATURES = ['groups', 'messages', 'moderation', 'projects'];
const otherFeatures = (feature) =>
  WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
    `../${other}`,
    `../${other}/**`,
    `../../${other}/**`,
    `../../../${other}/**`,
    `**/features/${other}/**`,
  ]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'e2e/.artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The server's shape (docs/architecture.md): routes bind endpoints, services decide through the policy, and
    // all SQL lives in repositories. Types from Kysely may pass through; queries may not.
    files: ['server/src/**/routes.ts', 'server/src/**/service.ts', 'server/src/**/policy.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', allowTypeImports: true, message: 'SQL belongs in the feature repository.' },
            { name: 'pg', message: 'SQL belongs in the feature repository.' },
          ],
        },
      ],
    },
  },
  {
    // The web calls the API by endpoint name through lib/api.ts (callApi, apiUrl): paths and answer types come
    // from the declarations in contracts, so nothing else writes an /api path or calls fetch for the API.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/api.ts',
      'web/src/lib/api-client.ts',
      '**/*.test.{ts,tsx}',
      '**/test-fixtures.ts',
      'web/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/], TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message: 'Call the API by its endpoint name through lib/api (callApi or apiUrl), not by path.',
        },
        {
          selector: "ImportDeclaration[source.value=/api-client$/] ImportSpecifier[imported.name='apiFetch']",
          message: 'Call the API through lib/api (callApi), which types the call from its declaration.',
        },
      ],
    },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    // Tests may borrow another feature's fixtures to set a scene; the app's code may not.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: otherFeatures(feature),
              message: 'Features do not import each other: move shared code below them, or compose in app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Command-line tools and the bench report to the terminal on purpose.
    files: ['server/src/cli/**', 'bench/**', 'scripts/**', 'server/src/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
