import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The web app's features, every folder under web/src/features; none imports another (shared code sits below them,
 * pages that combine them in app/).
 */
const WEB_FEATURES = readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const otherFeatures = (feature) =>
  WEB_FEATURES.filter((other) => other !== feature).flatMap((other) => [
    `../${other}`,
    `../${other}/**`,
    `../../${other}/**`,
    `../../../${other}/**`,
    `**/features/${other}/**`,
  ]);

/** The server's feature folders (the command line, which drives them, is not one). */
const SERVER_FEATURES = readdirSync(new URL('./server/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['platform', 'cli'].includes(entry.name))
  .map((entry) => entry.name);
/**
 * What each server feature offers the others; everything else in its folder is its own. The rest of what
 * features share lives below them in platform/. app.ts wires them and may import anything.
 */
const SERVER_FEATURE_SURFACES = {
  accounts: ['authentication.js'],
  github: [
    'dev-provider.js',
    'github-client.js',
    'sign-in-provider.js',
    'repo-client.js',
    'user-summary.js',
    'app-tokens.js',
  ],
  // Webhook deliveries store issues as the sync does: its readers, claim phrases and maintainer associations;
  // a maintainer's answer they hear of is the catalogue's to count (maintainer-answers.ts).
  catalog: [
    'sources/index.js',
    'sync/run.js',
    'sources/fields.js',
    'sync/claim-phrases.js',
    'sync/issue-facts.js',
    'sync/maintainer-answers.js',
  ],
  // The realtime channel carries the issues' live changes beside the boards and the bell.
  issues: ['live-feed.js'],
  groups: [
    'repository.js',
    'policy.js',
    'policy-people.js',
    'policy-rooms.js',
    'policy-alerts.js',
    'input.js',
  ],
  // The service records notifications in other features' transactions; mail digests read and word the rows.
  notifications: ['service.js', 'realtime-feed.js', 'repository.js', 'presenters.js'],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/.data/**',
      'e2e/.artifacts/**',
      'test-results/**',
    ],
  },
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
    // A file holds one idea; past 400 lines it holds several (migrations are history, written once).
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['server/src/platform/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
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
    // Tests (and the setup test files share, `*test-support.ts`) may borrow another feature's fixtures to set a
    // scene; the app's code may not.
    ignores: ['**/*.test.{ts,tsx}', '**/*test-support.ts'],
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
    // Shared UI and helpers sit below the session, the realtime socket and the features: they are told, not asking.
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/session/**',
                '**/realtime/**',
                '**/issue-signals/**',
                '**/features/**',
                '**/app/**',
              ],
              message: 'components/ and lib/ sit below these: take what is needed as props or arguments.',
            },
          ],
        },
      ],
    },
  },
  {
    // The platform sits below every feature: it imports none of them (nor the app that wires them).
    files: ['server/src/platform/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...SERVER_FEATURES.map((feature) => `**/${feature}/**`), '**/app.js'],
              message: 'The platform is below the features: pass what it needs in, or move the code down.',
            },
          ],
        },
      ],
    },
  },
  ...SERVER_FEATURES.map((feature) => ({
    files: [`server/src/${feature}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                // Files only, so that a file in a folder of a feature can be declared (a folder cannot be re-included).
                ...SERVER_FEATURES.filter((other) => other !== feature).map((other) => `**/${other}/**/*.js`),
                ...Object.entries(SERVER_FEATURE_SURFACES)
                  .filter(([owner]) => owner !== feature)
                  .flatMap(([owner, files]) => files.map((file) => `!**/${owner}/${file}`)),
              ],
              message:
                'A feature reaches another only through the modules it declares (SERVER_FEATURE_SURFACES in eslint.config.js): add it there, or move the shared code to platform/.',
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
