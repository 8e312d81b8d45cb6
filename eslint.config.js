// The lint is the memory of the codebase's rules (docs/decisions/0010-slices.md): the boundaries between the
// top-level folders and between the client's features, no import cycles, React's rules of hooks, TypeScript's
// recommended checks. `npm run lint` runs in CI before the tests.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.{ts,tsx}', 'tests/**'];
const FOLDERS = ['course', 'events', 'server', 'jobs', 'client', 'tests', 'bench', 'scripts'];
const others = (...allowed) => FOLDERS.filter((folder) => !allowed.includes(folder)).map((folder) => `./${folder}`);

/** The client's features: each may import only itself and the shared parts (app composes them). */
const FEATURES = readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Where each folder may import from. Tests beside the code may also use tests/ (set-up, fakes) and the parts they wire. */
const zones = (tests) => [
  // The course is pure data and rules that every side imports: it imports nothing of ours.
  { target: './course', from: others('course'), message: 'course/ imports nothing outside course/.' },
  // Events (the domain: schemas, folds, decisions, the store) stand on the course alone.
  { target: './events', from: others('course', 'events', ...(tests ? ['tests'] : [])), message: 'events/ imports only course/.' },
  // Jobs get what they need from the composition root; they never reach into the HTTP server.
  {
    target: './jobs',
    from: tests ? ['./client', './bench', './scripts'] : ['./server', './client', './tests', './bench', './scripts'],
    message: 'jobs/ never imports server/ (or client/, tests/, bench/, scripts/).',
  },
  {
    target: './server',
    from: tests ? ['./bench', './scripts'] : ['./client/src', './tests', './bench', './scripts'],
    message: 'server/ never imports client code, tests, benches or scripts.',
  },
  // The browser gets the course's rules and the generated API types; the server's code stays on the server.
  {
    target: './client',
    from: ['./server', './events', './jobs', './bench', './scripts', ...(tests ? [] : ['./tests'])],
    message: 'client/ imports only course/ from outside the client.',
  },
  ...FEATURES.map((feature) => ({
    target: `./client/src/features/${feature}`,
    from: './client/src/features',
    except: [`./${feature}`],
    message: 'A client feature imports no other feature: share through client/src/{components,lib,api,app}.',
  })),
  // Shared client modules are below the features: they import none of them (app/ is where features meet).
  {
    target: ['./client/src/components', './client/src/lib', './client/src/api'],
    from: ['./client/src/features', './client/src/app'],
    message: 'components/, lib/ and api/ are shared by the features: they import no feature and not app/.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', 'test-results/', 'playwright-report/', 'client/src/api/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: zones(false) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      // `_name` marks a value left out on purpose (a destructured field dropped, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zones(true) }] },
  },
  {
    // The compiled server is bundled: a module's own file is no longer where its source was, so a file read at run
    // time is named from the project folder (server/project-root.ts). An entry's "am I the command run" check is fine,
    // and so are the snapshotted folds, whose version is a hash of the code deployed where it runs (source or bundle).
    files: ['course/**/*.ts', 'events/**/*.ts', 'jobs/**/*.ts', 'server/**/*.ts', 'scripts/{db,backup,users}.ts'],
    ignores: [
      ...TESTS,
      'server/project-root.ts',
      'server/dead-letters.ts',
      'server/resilience/**',
      'events/learner.ts',
      'events/coach/journey.ts',
      'events/store/snapshots.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(url|dirname|filename)$/]",
          message: 'The compiled server is bundled: name run-time files with fromRoot() of server/project-root.ts.',
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
