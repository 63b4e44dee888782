import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type TCompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * A route's response serializer, compiled on its first reply. Compiling looks the schema over
 * (`instanceof`), and the contracts' schemas are built on first use (`lazySchema`): compiled at
 * start, every response schema of every route would be built before the first request.
 * Validation is unchanged: `validatorCompiler` only keeps the schema for the first request.
 */
export const zodSerializerCompiler: typeof serializerCompiler = (route) => {
  let serialize: ReturnType<typeof serializerCompiler> | undefined;
  return (data) => {
    serialize ??= serializerCompiler(route);
    return serialize(data);
  };
};

export const zodValidatorCompiler = validatorCompiler;

/** Fastify types these factories after Ajv's and fast-json-stringify's; zod's take the same routes. */
export const zodCompilersFactory = {
  buildValidator: () => zodValidatorCompiler,
  buildSerializer: () => zodSerializerCompiler,
} as unknown as TCompilersFactory;
