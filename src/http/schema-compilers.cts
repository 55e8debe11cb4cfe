// Fastify's own schema compilers (ajv, fast-json-stringify), required on first use rather than at start.
// A .cts file, so that require() stays a call inside a function: bundled by esbuild as a module that
// runs when called, and run as is by tsx; an import would load ajv at start (src/http/deferred-schemas.ts).
import type { CompilerFactory, Serializer, Validator } from './deferred-schemas';

/* eslint-disable @typescript-eslint/no-require-imports -- a require is what this file is for */
export = {
  /** The factories fastify builds when given none (fastify/lib/schema-controller.js). */
  validatorFactory: (): CompilerFactory<Validator> => require('@fastify/ajv-compiler')(),
  serializerFactory: (): CompilerFactory<Serializer> =>
    require('@fastify/fast-json-stringify-compiler')(),
};
