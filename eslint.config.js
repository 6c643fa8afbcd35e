import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every change the web app makes runs one call at a time (web/src/lib/mutation.ts says why). */
const oneCallAtATime = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: 'Use useSingleFlightMutation from web/src/lib/mutation.ts: a double click must send one request.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.keys/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['services/**/*.ts', 'libs/**/*.ts'],
    rules: {
      // Configuration is read once in config.ts, with zod; nothing else reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config.ts' },
      ],
    },
  },
  {
    files: [
      'services/*/src/config.ts',
      'libs/service-kit/src/config.ts',
      'libs/testing/src/**/*.ts',
      '**/*.test.ts',
      '**/test/**/*.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [oneCallAtATime] }],
    },
  },
  {
    files: ['web/src/lib/mutation.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A feature (web/src/features/<area>/<part>/file) does not import another feature; shared
    // parts live in web/src/components and web/src/lib. Leaving the feature is "../../<other>/".
    files: ['web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [oneCallAtATime],
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/',
              message:
                'Features must not import each other; move shared code to web/src/components or web/src/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'security/**/*.ts', 'web/e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
