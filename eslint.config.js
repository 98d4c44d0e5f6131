import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webImports = {
  paths: [
    { name: 'zod', message: 'Not in the web bundle (zod/mini is allowed): import types with `import type`.' },
    // One way to reach the query client (docs/architecture.md, "Web forms and data"): there is no provider.
    { name: '@tanstack/react-query', importNames: ['useQueryClient', 'QueryClientProvider'], message: "Import `queryClient` from src/web/api/query-client.ts and pass it to the hook; there is no provider." },
  ],
  patterns: [{ group: ['zod/*', '!zod/mini', '**/server/**'], message: 'Not in the web bundle (zod/mini is allowed): import types with `import type`.' }],
};

// The area rule's patterns, shared with the blocks below that narrow it (a later block's options replace an earlier one's).
const areaPatterns = [
  { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)', message: "Another area is used through its index.ts only: import from '../<area>/index.js'." },
  // The hooks of plugins/ reach an area through its ModuleOptions (ctx, auth), so no area depends on how they are made.
  { regex: '/plugins/', message: 'An area gets the auth hooks and the context from its ModuleOptions, never by importing plugins/ (docs/architecture.md, "Where to put a new area").' },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'e2e/screenshots', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // An area is used by others only through its index.ts (docs/architecture.md, "Areas").
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.test.ts', 'src/server/modules/**/*.suite.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: areaPatterns,
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'],
    ignores: ['src/server/modules/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/modules/[^/]+/(?!index\\.js$)[^/]+$', message: "An area is used through its index.ts only: import from 'modules/<area>/index.js'." }] }],
    },
  },
  // After the rule above, whose patterns a later block must repeat (the later block's options replace them).
  // db/ holds the database's own pieces (schema, migrations, client, change feed); what writes
  // through the areas (the demo seed) lives in seed/ (docs/architecture.md, "Folders").
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/modules/', message: 'db/ does not use the areas: code that needs them (a seed, a service) lives in seed/ or in the area.' }] }],
    },
  },
  // account/ composes the export and deletion from each area's section (account/sections.ts) and
  // reads only its own tables: another area's rows are that area's section's to read and erase
  // (docs/account.md, "Adding a section"). After the area block, whose patterns it repeats.
  {
    files: ['src/server/modules/account/**/*.ts'],
    ignores: ['src/server/modules/**/*.test.ts', 'src/server/modules/**/*.suite.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '../../db/schema/index.js', allowImportNames: ['users', 'passwordResets', 'revokedTokens'], message: "account/ reads only the account's own tables (users, password resets, ended tokens): another area's rows go through that area's section (its <area>.section.ts, registered in account/sections.ts)." }],
          patterns: [...areaPatterns, { regex: '/db/schema/(?!index\\.js$)', message: 'Tables are imported from db/schema/index.js, where account/ may take only its own.' }],
        },
      ],
    },
  },
  // Rate limits are built before the context and are given what they need (LimitContext), never the context itself.
  {
    files: ['src/server/rate-limit/**/*.ts'],
    ignores: ['src/server/rate-limit/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/modules/[^/]+/(?!index\\.js$)[^/]+$', message: "An area is used through its index.ts only: import from 'modules/<area>/index.js'." }, { regex: '/context\\.js$', message: 'rate-limit/ takes a LimitContext, not the app context (it is built from it).' }] }],
    },
  },
  // Errors are a catalogue (docs/architecture.md, "How errors work"): a refusal is thrown through
  // its named factory in src/server/errors.ts, which fixes its status, code and words.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='AppError']", message: 'Throw a named factory of `errors` (src/server/errors.ts); a new code gets its row in ERRORS and its factory there.' },
        { selector: "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name='code']", message: 'A refusal is thrown (`throw errors.<name>()`), never sent by hand: the handler in app.ts answers it.' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The web bundle must stay light: zod (but for zod/mini, a few KB) and server code stay out of it.
      'no-restricted-imports': ['error', webImports],
    },
  },
  // One data rule (docs/architecture.md, "Web data"): a read's query key is made in src/web/api/<operation>.ts
  // beside its call; screens use the key function or the hook from there, never a key of their own,
  // and never touch the cache: each write's file updates what it changed.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // Codes are compared only as `errorCode(err) === '<code>'`, typed by contract/error-codes.ts (docs/architecture.md, "How errors work").
        { selector: "MemberExpression[property.name='code'][object.name=/^(err|error|e)$/]", message: "Compare a failed call's code as `errorCode(err) === '<code>'` (api/client.ts): the code is an ErrorCode from the contract." },
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Query keys live in src/web/api/<operation>.ts: import its key (or its hook) from there.' },
        { selector: "CallExpression[callee.name=/^use(Query|InfiniteQuery|Queries|SuspenseQuery)$/]", message: 'Reads live in src/web/api/<operation>.ts: call the hook exported there.' },
        // One write path: a write's file exports its hook (made with api/use-write.ts), which holds the useMutation.
        { selector: "CallExpression[callee.name='useMutation']", message: 'Writes live in src/web/api/<operation>.ts: call the hook it exports (made with useWrite from api/use-write.ts).' },
        // A write's file says what it made stale; a screen only says what the person sees next.
        { selector: "CallExpression[callee.property.name=/^(invalidateQueries|setQueryData|setQueriesData|removeQueries|resetQueries|refetchQueries)$/]", message: 'Cache updates after a change live in the change\'s file in src/web/api/: call it, and it updates what it made stale.' },
      ],
    },
  },
  // One way to show a server's `field` (issue 50, docs/architecture.md "Web forms and data"): through a
  // write hook's `fields`/`rows` (api/use-write.ts) or useFieldProblems' setProblemFrom, never a
  // screen's own call. And a save's "in progress" is its write's isPending, not the overlay's run():
  // the two upload screens below still drive the overlay's progress words through it.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**', 'src/web/lib/**', 'src/web/components/useFieldProblems.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...webImports,
          patterns: [
            ...webImports.patterns,
            { group: ['**/api/field-of-error'], message: "A refusal's field reaches the form through the write hook's `fields` (or `rows`) or useFieldProblems' setProblemFrom." },
            { group: ['**/components/Busy'], importNames: ['useBusy'], message: "A save's progress is its write hook's isPending (or useWrite's `overlay`), not useBusy." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/pages/profile/EditProfilePage.tsx', 'src/web/pages/media/MediaLibrary.tsx'],
    rules: {
      'no-restricted-imports': ['error', { ...webImports, patterns: [...webImports.patterns, { group: ['**/api/field-of-error'], message: "A refusal's field reaches the form through the write hook's `fields` (or `rows`) or useFieldProblems' setProblemFrom." }] }],
    },
  },
  // web/lib holds helpers that know nothing of the server: whatever calls it or reads its answers
  // lives in web/api (docs/architecture.md, "Folders").
  {
    files: ['src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { ...webImports, patterns: [...webImports.patterns, { group: ['**/api', '**/api/**'], message: 'web/lib does not import web/api: a helper that needs the client or its errors belongs in src/web/api/.' }] }],
    },
  },
);
