// Request and response schemas of /api/site: bodies checked before the domain sees them, responses as allow-lists.
import type { FromSchema } from 'json-schema-to-ts';

/** Names are checked by the domain (which says what is wrong); here only their size and type. */
export const newPostBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 1024 },
    archetype: { type: 'string', maxLength: 1024 },
    section: { type: 'string', maxLength: 1024 },
  },
} as const;

export const publishBody = {
  type: 'object',
  additionalProperties: false,
  properties: { at: { type: 'string', maxLength: 64 } },
} as const;

const lastBuild = {
  type: ['object', 'null'],
  properties: { at: { type: 'string' }, ok: { type: 'boolean' }, output: { type: 'string' } },
} as const;

export const siteSchema = {
  type: 'object',
  properties: {
    root: { type: 'string' },
    contentDir: { type: 'string' },
    archetypes: { type: 'array', items: { type: 'string' } },
    sections: { type: 'array', items: { type: 'string' } },
    buildCommand: { type: 'string' },
    canBuild: { type: 'boolean' },
    scheduled: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, at: { type: 'string' } },
      },
    },
    lastBuild,
  },
} as const;

export const newPostSchema = {
  type: 'object',
  properties: { path: { type: 'string' } },
} as const;

export const publishStateSchema = {
  type: 'object',
  properties: {
    draft: { type: 'boolean' },
    date: { type: ['string', 'null'] },
    scheduledAt: { type: ['string', 'null'] },
    builtPage: { type: ['string', 'null'] },
  },
} as const;

export const publishedSchema = {
  type: 'object',
  properties: {
    published: { type: 'boolean' },
    build: {
      type: 'object',
      properties: {
        ran: { type: 'boolean' },
        ok: { type: ['boolean', 'null'] },
        output: { type: 'string' },
      },
    },
  },
} as const;

export const scheduledSchema = {
  type: 'object',
  properties: { scheduledAt: { type: 'string' } },
} as const;

export type NewPostBody = FromSchema<typeof newPostBody>;
export type PublishBody = FromSchema<typeof publishBody>;
