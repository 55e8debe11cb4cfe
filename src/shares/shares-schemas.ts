// Request and response schemas of the share routes; responses are allow-lists of what may be shown.
import type { FromSchema } from 'json-schema-to-ts';

/** A limit: a whole number, as a JSON number or in a string; 0, '' or null for none (docs/SHARES.md). */
const limitProperty = { type: ['number', 'string', 'null'], maxLength: 32 } as const;

/**
 * File Browser's client sends expires and unit as strings, and duplicates them in the query.
 * Drawer's fields (kind and limits) are checked by the domain, which names what is wrong.
 */
export const shareBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    password: { type: 'string', maxLength: 1024 },
    expires: { type: 'string', maxLength: 64 },
    unit: { type: 'string', maxLength: 64 },
    kind: { type: 'string', maxLength: 32 },
    maxDownloads: limitProperty,
    maxUploadBytes: limitProperty,
  },
} as const;

/** PATCH /api/share/<hash>: what is left out stays; a null password or limit removes it. */
export const shareEditBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    password: { type: ['string', 'null'], maxLength: 1024 },
    expires: { type: 'string', maxLength: 64 },
    unit: { type: 'string', maxLength: 64 },
    maxDownloads: limitProperty,
    maxUploadBytes: limitProperty,
  },
} as const;

export const sharesQuery = {
  type: 'object',
  properties: { user: { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const;

export const shareQuery = {
  type: 'object',
  properties: {
    expires: { type: 'string', maxLength: 64 },
    unit: { type: 'string', maxLength: 64 },
  },
} as const;

const shareProperties = {
  hash: { type: 'string' },
  path: { type: 'string' },
  userID: { type: 'integer' },
  expire: { type: 'integer' },
  hasPassword: { type: 'boolean' },
  kind: { type: 'string' },
  created: { type: 'integer' },
  status: { type: 'string' },
  downloads: { type: 'integer' },
  maxDownloads: { type: 'integer' },
  maxUploadBytes: { type: 'integer' },
  uploadedBytes: { type: 'integer' },
} as const;

export const shareSchema = {
  type: 'object',
  required: Object.keys(shareProperties),
  properties: shareProperties,
} as const;

export const sharesSchema = { type: 'array', items: shareSchema } as const;

export const ownedShareSchema = {
  type: 'object',
  required: [...Object.keys(shareProperties), 'username'],
  properties: { ...shareProperties, username: { type: 'string' } },
} as const;

export const ownedSharesSchema = { type: 'array', items: ownedShareSchema } as const;

const tokenProperty = { token: { type: 'string', maxLength: 4096 } } as const;

export const publicShareQuery = { type: 'object', properties: tokenProperty } as const;

export const downloadQuery = {
  type: 'object',
  properties: {
    algo: { type: 'string', maxLength: 16 },
    files: { type: 'string', maxLength: 1_000_000 },
    inline: { type: 'string', maxLength: 8 },
    ...tokenProperty,
  },
} as const;

const itemProperties = {
  name: { type: 'string' },
  path: { type: 'string' },
  isDir: { type: 'boolean' },
  isSymlink: { type: 'boolean' },
  size: { type: 'integer' },
  modified: { type: 'string' },
  extension: { type: 'string' },
  type: { type: 'string' },
} as const;

/**
 * A public share shows names, sizes and dates relative to the share: never an owner or a disk
 * path. A file request shows only its folder's name and what this visit put there.
 */
export const publicItemSchema = {
  type: 'object',
  properties: {
    ...itemProperties,
    items: { type: 'array', items: { type: 'object', properties: itemProperties } },
    numDirs: { type: 'integer' },
    numFiles: { type: 'integer' },
    sorting: {
      type: 'object',
      properties: { by: { type: 'string' }, asc: { type: 'boolean' } },
    },
    token: { type: 'string' },
    kind: { type: 'string' },
    expire: { type: 'integer' },
    downloadsLeft: { type: 'integer' },
    visit: { type: 'string' },
    uploads: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          size: { type: 'integer' },
          uploaded: { type: 'string' },
        },
      },
    },
    uploadBytesLeft: { type: 'integer' },
  },
} as const;

// The request types are read off the schemas above, so a field added to one reaches its route.
export type ShareBody = FromSchema<typeof shareBody>;
export type ShareEditBody = FromSchema<typeof shareEditBody>;
export type SharesQuery = FromSchema<typeof sharesQuery>;
export type ShareQuery = FromSchema<typeof shareQuery>;
export type PublicShareQuery = FromSchema<typeof publicShareQuery>;
export type DownloadQuery = FromSchema<typeof downloadQuery>;
