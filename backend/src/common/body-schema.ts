/**
 * A request body checked by a compiled JSON schema rather than by class-transformer and class-validator (about
 * 0.3 ms of CPU per checkout): the schema is the DTO's own, as the OpenAPI contract states it (the same
 * @nestjs/swagger metadata that api-field.ts's decorators write, turned into a schema by the same code that
 * writes backend/openapi.json), compiled once by Ajv. So the fast check and the contract have one source.
 *
 * The check may only accept bodies that the decorators accept and turn into the same DTO; anything else answers
 * undefined and is left to the decorators, which then accept it or refuse it with their own message. To keep to
 * that, the contract's schema is read with the validation pipe's global rules (validation.ts) added, each
 * narrower where that is simpler:
 *  - no property the DTO does not declare (whitelist + forbidNonWhitelisted), at every level;
 *  - a text field (one without a format or a list of values) that is blank or has spaces at either end is left
 *    to the decorators, which trim it;
 *  - `multipleOf: 0.01` (at most two decimals) is checked by shared-domain's rule, as the decorators do, not by
 *    floating-point division;
 *  - `format: uuid` is class-validator's IsUUID without the nil and max ids.
 */
import path from 'node:path';
import type { Type } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import Ajv from 'ajv';
import { getMetadataStorage } from 'class-validator';
import { decimalUnits } from '@larder/shared-domain';

/**
 * The code of @nestjs/swagger that turns a DTO class into its schema for the document. Its package exports only
 * its index, which does not name these classes: they are loaded by their path inside it.
 */
function swaggerSchemaFactory() {
  const dist = path.dirname(require.resolve('@nestjs/swagger'));
  /* eslint-disable @typescript-eslint/no-require-imports -- files of the package that its exports do not list */
  const { SchemaObjectFactory } = require(
    path.join(dist, 'services/schema-object-factory'),
  ) as typeof import('@nestjs/swagger/dist/services/schema-object-factory');
  const { ModelPropertiesAccessor } = require(
    path.join(dist, 'services/model-properties-accessor'),
  ) as typeof import('@nestjs/swagger/dist/services/model-properties-accessor');
  const { SwaggerTypesMapper } = require(
    path.join(dist, 'services/swagger-types-mapper'),
  ) as typeof import('@nestjs/swagger/dist/services/swagger-types-mapper');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new SchemaObjectFactory(new ModelPropertiesAccessor(), new SwaggerTypesMapper());
}

/** class-validator's IsUUID('all') (validator.js), without the nil and max ids. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Not blank, no spaces at either end: the decorators would accept it unchanged. */
const TRIMMED = '^\\S(?:[\\s\\S]*\\S)?$';

type Schema = Record<string, unknown>;

/** The DTO's schema and those it refers to, as the OpenAPI document holds them under components.schemas. */
export function contractSchemas(dto: Type<unknown>): { name: string; schemas: Record<string, SchemaObject> } {
  const schemas: Record<string, SchemaObject> = {};
  const name = swaggerSchemaFactory().exploreModelSchema(dto, schemas);
  // A copy: the check's additions must never reach the document.
  return { name, schemas: structuredClone(schemas) };
}

/** The fields of a DTO that hold other DTOs (one, or a list), from @nestjs/swagger's metadata. */
function nestedFields(dto: Type<unknown>): { key: string; type: Type<unknown>; isArray: boolean }[] {
  const proto = dto.prototype as object;
  const keys = (Reflect.getMetadata('swagger/apiModelPropertiesArray', proto) ?? []) as string[];
  const fields: { key: string; type: Type<unknown>; isArray: boolean }[] = [];
  for (const key of keys.map((k) => k.slice(1))) {
    const meta = Reflect.getMetadata('swagger/apiModelProperties', proto, key) as
      { type?: unknown; isArray?: boolean } | undefined;
    let type = meta?.type;
    // A lazy type (`() => OrderLineDto`) is an arrow function: no prototype of its own.
    if (typeof type === 'function' && !('prototype' in type)) type = (type as () => unknown)();
    const isArray = Array.isArray(type) || meta?.isArray === true;
    if (Array.isArray(type)) type = type[0];
    if (
      typeof type === 'function' &&
      Reflect.getMetadata('swagger/apiModelPropertiesArray', type.prototype as object)
    )
      fields.push({ key, type: type as Type<unknown>, isArray });
  }
  return fields;
}

/** The DTO class and the classes of its nested fields, by name (the names of their schemas). */
function dtoClasses(
  dto: Type<unknown>,
  found = new Map<string, Type<unknown>>(),
): Map<string, Type<unknown>> {
  if (found.has(dto.name)) return found;
  found.set(dto.name, dto);
  for (const field of nestedFields(dto)) dtoClasses(field.type, found);
  return found;
}

/** Builds the DTO instance class-transformer would (`new` for the DTO and each nested one) from a checked body. */
function instanceBuilder<T>(dto: Type<T>): (value: unknown) => T {
  let fields: { key: string; build: (value: unknown) => unknown; isArray: boolean }[] | undefined;
  return (value) => {
    fields ??= nestedFields(dto).map((f) => ({
      key: f.key,
      build: instanceBuilder(f.type),
      isArray: f.isArray,
    }));
    const out = Object.assign(new dto() as object, value) as Record<string, unknown>;
    for (const { key, build, isArray } of fields) {
      const inner = out[key];
      if (inner === undefined || inner === null) continue;
      out[key] = isArray && Array.isArray(inner) ? inner.map(build) : build(inner);
    }
    return out as T;
  };
}

/**
 * The lists of values that IsIn allows, on fields whose contract names them only in words (the delivery slot's
 * time): added as `enum`, so the check holds to what the decorators enforce.
 */
function withAllowedValues(schemas: Record<string, SchemaObject>, classes: Map<string, Type<unknown>>): void {
  for (const [name, schema] of Object.entries(schemas)) {
    const dto = classes.get(name);
    if (!dto || !schema.properties) continue;
    for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
      if (meta.name !== 'isIn' || meta.each) continue;
      const property = schema.properties[meta.propertyName] as SchemaObject | undefined;
      if (property && !('$ref' in property) && property.enum === undefined)
        property.enum = [...(meta.constraints[0] as unknown[])];
    }
  }
}

/** A contract schema with the pipe's global rules (see above); `$ref`s point into `definitions`. */
function withPipeRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withPipeRules);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace('#/components/schemas/', '#/definitions/');
    else if (key === 'multipleOf' && typeof value === 'number') out.decimals = Math.round(-Math.log10(value));
    else if (key === 'example' || key === 'description') continue;
    else out[key] = withPipeRules(value);
  }
  if (out.type === 'object' && out.properties) out.additionalProperties = false;
  if (out.type === 'string' && out.format === undefined && out.enum === undefined) {
    out.allOf = [...((out.allOf as unknown[]) ?? []), { pattern: TRIMMED }];
  }
  return out;
}

/** The Ajv instance the checks are compiled with (it reads OpenAPI's `nullable` itself). */
function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: true, coerceTypes: false, useDefaults: false });
  ajv.addKeyword({
    keyword: 'decimals',
    type: 'number',
    schemaType: 'number',
    validate: (decimals: number, value: number) => decimalUnits(value, decimals) !== undefined,
    errors: false,
  });
  ajv.addFormat('uuid', UUID);
  return ajv;
}

/** The JSON schema the fast check of `dto` is compiled from (exported for its spec). */
export function bodySchema(dto: Type<unknown>): Schema {
  const { name, schemas } = contractSchemas(dto);
  withAllowedValues(schemas, dtoClasses(dto));
  const definitions = Object.fromEntries(
    Object.entries(schemas).map(([key, schema]) => [key, withPipeRules(schema)]),
  );
  return { $ref: `#/definitions/${name}`, definitions };
}

/**
 * The fast check of a DTO used as a request body: the DTO instance class-transformer would build when the
 * compiled schema accepts the body, undefined otherwise. Compiled on first use.
 */
export function compiledBodyCheck<T>(dto: Type<T>): (body: unknown) => T | undefined {
  let validate: ((body: unknown) => boolean) | undefined;
  const build = instanceBuilder(dto);
  return (body) => {
    validate ??= createAjv().compile(bodySchema(dto));
    return validate(body) ? build(body) : undefined;
  };
}
