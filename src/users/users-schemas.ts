// Request and response schemas of the users and signup routes; responses are allow-lists, so no hash leaks.
import { permissionNames } from './user';
import type { FromSchema } from 'json-schema-to-ts';

const booleanField = { type: 'boolean' } as const;

export const permissionsInput = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(permissionNames.map((name) => [name, booleanField])),
} as const;

export const sortingInput = {
  type: 'object',
  additionalProperties: false,
  properties: {
    by: { type: 'string', enum: ['', 'name', 'size', 'modified'] },
    asc: booleanField,
  },
} as const;

export const ruleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['allow', 'path', 'regex'],
  properties: {
    allow: booleanField,
    path: { type: 'string', maxLength: 4096 },
    regex: booleanField,
    regexp: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['raw'],
      properties: { raw: { type: 'string', maxLength: 4096 } },
    },
  },
} as const;

export const rulesSchema = { type: 'array', maxItems: 1000, items: ruleSchema } as const;

export const commandsSchema = {
  type: 'array',
  maxItems: 1000,
  items: { type: 'string', maxLength: 1024 },
} as const;

/** The user-preference fields shared by user data and the settings' defaults template. */
export const preferenceProperties = {
  scope: { type: 'string', maxLength: 4096 },
  locale: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,32}$' },
  // File Browser leaves it empty in its defaults; empty means "keep" (or mosaic).
  viewMode: { type: 'string', enum: ['', 'list', 'mosaic', 'mosaic gallery'] },
  singleClick: booleanField,
  redirectAfterCopyMove: booleanField,
  sorting: sortingInput,
  perm: permissionsInput,
  commands: commandsSchema,
  hideDotfiles: booleanField,
  dateFormat: booleanField,
  aceEditorTheme: { type: 'string', maxLength: 128 },
  folderSizes: booleanField,
} as const;

const userData = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...preferenceProperties,
    id: { type: 'integer', minimum: 0 },
    username: { type: 'string', maxLength: 1024 },
    password: { type: 'string', maxLength: 1024 },
    lockPassword: booleanField,
    rules: rulesSchema,
  },
} as const;

/** File Browser's envelope: { what: "user", which: [fields], current_password, data }. */
export const userEnvelope = {
  type: 'object',
  additionalProperties: false,
  required: ['what', 'data'],
  properties: {
    what: { type: 'string' },
    which: { type: 'array', maxItems: 64, items: { type: 'string', maxLength: 64 } },
    current_password: { type: 'string', maxLength: 1024 },
    data: userData,
  },
} as const;

export const deleteBody = {
  type: 'object',
  additionalProperties: false,
  properties: { current_password: { type: 'string', maxLength: 1024 } },
} as const;

export const userIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const;

export const signupBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', maxLength: 1024 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;

export const permissionsOutput = {
  type: 'object',
  required: [...permissionNames],
  properties: Object.fromEntries(permissionNames.map((name) => [name, booleanField])),
} as const;

export const ruleOutput = {
  type: 'object',
  properties: {
    allow: booleanField,
    path: { type: 'string' },
    regex: booleanField,
    regexp: { type: ['object', 'null'], properties: { raw: { type: 'string' } } },
  },
} as const;

/** The user as the API shows it: File Browser's fields and nothing else (the password always ""). */
export const publicUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    password: { type: 'string' },
    scope: { type: 'string' },
    locale: { type: 'string' },
    lockPassword: booleanField,
    viewMode: { type: 'string' },
    singleClick: booleanField,
    redirectAfterCopyMove: booleanField,
    perm: permissionsOutput,
    commands: { type: 'array', items: { type: 'string' } },
    sorting: { type: 'object', properties: { by: { type: 'string' }, asc: booleanField } },
    rules: { type: 'array', items: ruleOutput },
    hideDotfiles: booleanField,
    dateFormat: booleanField,
    aceEditorTheme: { type: 'string' },
    folderSizes: booleanField,
  },
} as const;

// The request types are read off the schemas above, so a field added to one reaches its route.
/** The body of POST /api/users and PUT /api/users/{id}. */
export type UserEnvelope = FromSchema<typeof userEnvelope>;
export type SignupBody = FromSchema<typeof signupBody>;
export type UserIdParams = FromSchema<typeof userIdParams>;
export type DeleteBody = FromSchema<typeof deleteBody>;
