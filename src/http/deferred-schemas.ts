// Route schemas compiled when a request first needs them: at start, ajv and fast-json-stringify
// are not even loaded, and a route nobody calls never costs its generated code (docs/STARTUP.md).
import type { FastifyServerOptions } from 'fastify';
import compilers from '../deferred-libraries.cjs';

/** What fastify hands a compiler for one part of one route (fastify/lib/validation.js). */
export interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}

/** A compiled validator as fastify uses it: called, then `errors` read. */
export interface Validator {
  (...args: unknown[]): unknown;
  errors?: unknown;
  /** Set by ajv; fastify then passes the parent object so a root value may be replaced. */
  schemaEnv?: unknown;
}

export type Serializer = (data: unknown) => string;

/** Given the shared schemas and the server's options, a compiler for each route's schemas. */
export type CompilerFactory<Compiled> = (
  externalSchemas: unknown,
  options: unknown,
) => (route: RouteSchema) => Compiled;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * Stands for the validator `compile` returns, compiling it at the first call or the first read of
 * what fastify reads from it; a schema that does not compile then fails that request (a 500)
 * instead of the start, so test/unit/deferred-loading.test.ts compiles every route's schemas.
 */
export function deferredValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const get = () => (compiled ??= compile());
  const validate: Validator = function (this: unknown, ...args: unknown[]) {
    return get().apply(this, args);
  };
  Object.defineProperties(validate, {
    errors: { get: () => get().errors, enumerable: true },
    schemaEnv: { get: () => get().schemaEnv, enumerable: true },
  });
  return validate;
}

export function deferredSerializer(compile: () => Serializer): Serializer {
  let compiled: Serializer | undefined;
  return (data) => (compiled ??= compile())(data);
}

/** Each route's compiler made on its first use, from a factory itself loaded on first use. */
function deferredFactory<Compiled>(
  load: () => CompilerFactory<Compiled>,
  defer: (compile: () => Compiled) => Compiled,
): CompilerFactory<Compiled> {
  let factory: CompilerFactory<Compiled> | undefined;
  return (externalSchemas, options) => {
    let compile: ReturnType<CompilerFactory<Compiled>> | undefined;
    return (route) =>
      defer(() => {
        factory ??= load();
        compile ??= factory(externalSchemas, options);
        return compile(route);
      });
  };
}

/**
 * fastify's `schemaController.compilersFactory`: its default compilers, with each route's schemas
 * compiled on first use, or at start (`eager`) as fastify does when given none. Given factories,
 * fastify no longer lower-cases the names in a `headers` schema, so one must name headers in
 * lower case (Drawer's routes have none).
 */
export function deferredCompilers(eager = false): CompilersFactory {
  const factories = eager
    ? {
        buildValidator: compilers.validatorFactory(),
        buildSerializer: compilers.serializerFactory(),
      }
    : {
        buildValidator: deferredFactory(compilers.validatorFactory, deferredValidator),
        buildSerializer: deferredFactory(compilers.serializerFactory, deferredSerializer),
      };
  // fastify's published type joins in ajv's JTD serializer factory, which Drawer does not use.
  return factories as unknown as CompilersFactory;
}
