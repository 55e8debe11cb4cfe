// Libraries required when first used rather than at start: /health, a login and a listing need none of them.
// A .cts file, so that each require() stays a call inside a function: esbuild bundles the package as
// a module that runs when first called, and tsx runs this file as CommonJS. An import at the top
// of an ES module would run them all at start (docs/STARTUP.md).
import type * as MimeTypes from 'mime-types';
import type * as SmolToml from 'smol-toml';
import type * as Yaml from 'yaml';
import type { CompilerFactory, Serializer, Validator } from './http/deferred-schemas';
import type { WebSocketLibrary } from './http/websocket-upgrade';

let mimeTypes: typeof MimeTypes | undefined;

/* eslint-disable @typescript-eslint/no-require-imports -- a require is what this file is for */
export = {
  /** Fastify's default validator factory, ajv's (fastify/lib/schema-controller.js). */
  validatorFactory: (): CompilerFactory<Validator> => require('@fastify/ajv-compiler')(),
  /** Fastify's default serializer factory, fast-json-stringify's. */
  serializerFactory: (): CompilerFactory<Serializer> =>
    require('@fastify/fast-json-stringify-compiler')(),
  /** 2,500 media types, made into two maps when loaded: the first file type looked up pays. */
  mimeTypes: (): typeof MimeTypes => (mimeTypes ??= require('mime-types')),
  /** File Browser's YAML configuration and exports, Hugo's configuration and front matter. */
  yaml: (): typeof Yaml => require('yaml'),
  /** File Browser's TOML configuration, Hugo's configuration and front matter. */
  smolToml: (): typeof SmolToml => require('smol-toml'),
  /** WebSockets, for the shell panel. */
  ws: (): WebSocketLibrary => require('ws'),
};
