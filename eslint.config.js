// Lint rules: typescript-eslint's recommended set, plus the layering rules of DESIGN.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Only config.ts reads the environment; only fs/ touches user files; only commands/ spawns.
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts', 'src/main.ts', 'src/cli/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in src/config.ts and pass it in.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/commands/**', 'src/auth/recaptcha.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'node:child_process', message: 'Only src/commands spawns processes.' },
            { name: 'child_process', message: 'Only src/commands spawns processes.' },
          ],
        },
      ],
    },
  },
  {
    // The gate is a real door: user files are reached only through src/fs (docs/SECURITY.md).
    // The others read files that are not users' files: the database (store, cli), TLS keys
    // (app), the log (logger), the built UI (ui-assets), a WebAssembly module (xz), the
    // sandbox program (commands/sandbox), File Browser's config file (config/filebrowser-config)
    // and the admin's branding folder (http/branding-files). Types (Stats) may be imported anywhere.
    // Previews: the preview cache is Drawer's own state beside the database (held open, every
    // name opened with O_NOFOLLOW); preview-assets reads the worker bundle and ImageMagick's
    // WebAssembly; video-poster looks for the ffmpeg program (the video reaches it as a descriptor).
    files: ['src/**/*.ts'],
    ignores: [
      'src/fs/**',
      'src/store/**',
      'src/cli/**',
      'src/main.ts',
      'src/app.ts',
      'src/logger.ts',
      'src/http/ui-assets.ts',
      'src/archives/codecs/xz.ts',
      'src/workers/worker-source.ts',
      'src/commands/sandbox.ts',
      'src/config/filebrowser-config.ts',
      'src/http/branding-files.ts',
      'src/previews/preview-cache.ts',
      'src/previews/preview-assets.ts',
      'src/commands/video-poster.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:fs', 'node:fs/promises', 'fs', 'fs/promises'].map((name) => ({
            name,
            message: 'Only src/fs touches user files: go through the gate (ScopedFs).',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
);
