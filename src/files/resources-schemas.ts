// Schemas of the resources routes: query strings, and responses as an allow-list of File Browser's fields.
import type { FromSchema } from 'json-schema-to-ts';

const itemProperties = {
  path: { type: 'string' },
  name: { type: 'string' },
  size: { type: 'number' },
  extension: { type: 'string' },
  modified: { type: 'string' },
  mode: { type: 'number' },
  isDir: { type: 'boolean' },
  isSymlink: { type: 'boolean' },
  type: { type: 'string' },
  // Drawer's own, on folder items whose size is a total (src/files/listing-totals.ts).
  sizeIsTotal: { type: 'boolean' },
} as const;

const itemRequired = [
  'path',
  'name',
  'size',
  'extension',
  'modified',
  'mode',
  'isDir',
  'isSymlink',
  'type',
];

/** A file or folder; listing items are the same object without the listing fields. */
export const resourceSchema = {
  type: 'object',
  required: itemRequired,
  properties: {
    ...itemProperties,
    subtitles: { type: 'array', items: { type: 'string' } },
    content: { type: 'string' },
    checksums: { type: 'object', additionalProperties: { type: 'string' } },
    items: {
      type: 'array',
      items: { type: 'object', required: itemRequired, properties: itemProperties },
    },
    numDirs: { type: 'number' },
    numFiles: { type: 'number' },
    sorting: { type: 'object', properties: { by: { type: 'string' }, asc: { type: 'boolean' } } },
    // The paged form only (src/files/listing-page.ts).
    offset: { type: 'number' },
    total: { type: 'number' },
  },
} as const;

export const recursiveListingSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['path', 'name', 'size', 'modified', 'isDir'],
    properties: {
      path: { type: 'string' },
      name: { type: 'string' },
      size: { type: 'number' },
      modified: { type: 'string' },
      isDir: { type: 'boolean' },
    },
  },
} as const;

export const usageSchema = {
  type: 'object',
  required: ['total', 'used'],
  properties: { total: { type: 'number' }, used: { type: 'number' } },
} as const;

export const folderSizeSchema = {
  type: 'object',
  required: ['size', 'files', 'folders'],
  properties: {
    size: { type: 'number' },
    files: { type: 'integer' },
    folders: { type: 'integer' },
  },
} as const;

export const getQuery = {
  type: 'object',
  properties: {
    checksum: { type: 'string', maxLength: 16 },
    auth: { type: 'string' },
    offset: { type: 'string', maxLength: 16 },
    limit: { type: 'string', maxLength: 16 },
  },
} as const;

export const postQuery = {
  type: 'object',
  properties: { override: { type: 'string', maxLength: 8 } },
} as const;

export const patchQuery = {
  type: 'object',
  required: ['action', 'destination'],
  properties: {
    action: { type: 'string', maxLength: 16 },
    destination: { type: 'string', minLength: 1, maxLength: 16_384 },
    override: { type: 'string', maxLength: 8 },
    rename: { type: 'string', maxLength: 8 },
  },
} as const;

// The query types are read off the schemas, so a field added to one is known to the route at once.
export type GetQuery = FromSchema<typeof getQuery>;
export type PostQuery = FromSchema<typeof postQuery>;
export type PatchQuery = FromSchema<typeof patchQuery>;
