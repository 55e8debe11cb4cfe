// Request and response schemas of /api/settings: every field File Browser's GET returns, plus reCAPTCHA.
import type { FromSchema } from 'json-schema-to-ts';
import {
  permissionsOutput,
  preferenceProperties,
  ruleOutput,
  rulesSchema,
} from '../users/users-schemas';
import { hookEvents } from '../api/settings';

const booleanField = { type: 'boolean' } as const;
/** Text that ends up in pages and headers: no control characters. */
const plainText = (maxLength: number) =>
  ({ type: 'string', maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' }) as const;

const hookNames = hookEvents.flatMap((event) => [`before_${event}`, `after_${event}`]);
const commandLines = {
  type: 'array',
  maxItems: 1000,
  items: { type: 'string', maxLength: 4096 },
} as const;

export const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    signup: booleanField,
    hideLoginButton: booleanField,
    createUserDir: booleanField,
    minimumPasswordLength: { type: 'integer', minimum: 0, maximum: 72 },
    userHomeBasePath: { type: 'string', maxLength: 4096 },
    defaults: { type: 'object', additionalProperties: false, properties: preferenceProperties },
    // Only the command line changes it; accepted so File Browser's GET→PUT round trip works.
    authMethod: { type: 'string', maxLength: 64 },
    rules: rulesSchema,
    branding: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: plainText(256),
        disableExternal: booleanField,
        disableUsedPercentage: booleanField,
        files: plainText(4096),
        theme: { type: 'string', enum: ['', 'light', 'dark'] },
        // A CSS colour value; nothing that could close a declaration or a tag.
        color: { type: 'string', maxLength: 64, pattern: '^[#A-Za-z0-9(),.% -]*$' },
        // Drawer's own; checked as an http(s) URL in settings-input.ts.
        reportIssueUrl: plainText(2048),
      },
    },
    tus: {
      type: 'object',
      additionalProperties: false,
      properties: {
        chunkSize: { type: 'integer', minimum: 1, maximum: 1024 * 1024 * 1024 * 1024 },
        retryCount: { type: 'integer', minimum: 0, maximum: 1000 },
      },
    },
    shell: { type: 'array', maxItems: 64, items: { type: 'string', maxLength: 1024 } },
    commands: {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(hookNames.map((name) => [name, commandLines])),
    },
    recaptcha: {
      type: 'object',
      additionalProperties: false,
      properties: {
        host: plainText(2048),
        key: plainText(1024),
        secret: plainText(1024),
      },
    },
    site: {
      type: 'object',
      additionalProperties: false,
      properties: {
        buildCommand: plainText(4096),
        contentDir: plainText(1024),
        roots: { type: 'array', maxItems: 100, items: plainText(4096) },
      },
    },
  },
} as const;

/** The body of PUT /api/settings as the schema admits it: any field may be left out. */
export type SettingsInput = FromSchema<typeof settingsBody>;

const stringList = { type: 'array', items: { type: 'string' } } as const;

/** An allow-list: the signing secret is not in settings, and the reCAPTCHA secret is blanked. */
export const settingsResponse = {
  type: 'object',
  properties: {
    signup: booleanField,
    hideLoginButton: booleanField,
    createUserDir: booleanField,
    minimumPasswordLength: { type: 'integer' },
    userHomeBasePath: { type: 'string' },
    defaults: {
      type: 'object',
      properties: {
        scope: { type: 'string' },
        locale: { type: 'string' },
        viewMode: { type: 'string' },
        singleClick: booleanField,
        redirectAfterCopyMove: booleanField,
        sorting: { type: 'object', properties: { by: { type: 'string' }, asc: booleanField } },
        perm: permissionsOutput,
        commands: stringList,
        hideDotfiles: booleanField,
        dateFormat: booleanField,
        aceEditorTheme: { type: 'string' },
        folderSizes: booleanField,
      },
    },
    authMethod: { type: 'string' },
    rules: { type: 'array', items: ruleOutput },
    branding: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        disableExternal: booleanField,
        disableUsedPercentage: booleanField,
        files: { type: 'string' },
        theme: { type: 'string' },
        color: { type: 'string' },
        reportIssueUrl: { type: 'string' },
      },
    },
    tus: {
      type: 'object',
      properties: { chunkSize: { type: 'integer' }, retryCount: { type: 'integer' } },
    },
    shell: stringList,
    commands: { type: 'object', additionalProperties: stringList },
    recaptcha: {
      type: 'object',
      properties: { host: { type: 'string' }, key: { type: 'string' }, secret: { type: 'string' } },
    },
    site: {
      type: 'object',
      properties: {
        buildCommand: { type: 'string' },
        contentDir: { type: 'string' },
        roots: stringList,
      },
    },
  },
} as const;
