/**
 * One decorator per DTO field carrying validation, transformation and the OpenAPI description together,
 * so what Swagger documents is exactly what the ValidationPipe enforces.
 *
 * Every field is required unless `required: false`. `message` replaces every validation message of the field.
 */
import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
  ValidationOptions,
} from 'class-validator';
import { decimalUnits, isPounds, MESSAGES } from '@larder/shared-domain';

export interface FieldOptions {
  description?: string;
  /** Default true. */
  required?: boolean;
  /** Allow an explicit null (documented as nullable). */
  nullable?: boolean;
  example?: unknown;
  /** Replaces every validation message of this field. */
  message?: string;
}

function msg(options: FieldOptions, fallback: string): ValidationOptions {
  return { message: options.message ?? fallback };
}

function presence(options: FieldOptions): PropertyDecorator[] {
  if (options.required === false || options.nullable) return [IsOptional()];
  return [IsDefined(msg(options, '$property is required'))];
}

function doc(options: FieldOptions, extra: ApiPropertyOptions): PropertyDecorator {
  return ApiProperty({
    description: options.description,
    required: options.required !== false,
    nullable: options.nullable || undefined,
    example: options.example,
    ...extra,
  } as ApiPropertyOptions);
}

const trimString = Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export interface TextFieldOptions extends FieldOptions {
  maxLength?: number;
  /** Default 1 when required (blank text counts as missing). */
  minLength?: number;
  pattern?: RegExp;
  /** Trim surrounding whitespace (default true). */
  trim?: boolean;
}

/** A string; trimmed; required fields must not be blank. */
export function TextField(options: TextFieldOptions = {}): PropertyDecorator {
  const maxLength = options.maxLength ?? 1000;
  const decorators: PropertyDecorator[] = [
    doc(options, { type: String, maxLength, minLength: options.minLength, pattern: options.pattern?.source }),
    ...presence(options),
    IsString(msg(options, '$property must be text')),
    MaxLength(maxLength, msg(options, `$property must be at most ${maxLength} characters`)),
  ];
  if (options.trim !== false) decorators.push(trimString);
  if (options.required !== false) decorators.push(IsNotEmpty(msg(options, '$property is required')));
  if (options.minLength) {
    decorators.push(
      MinLength(options.minLength, msg(options, `$property must be at least $constraint1 characters`)),
    );
  }
  if (options.pattern) decorators.push(Matches(options.pattern, msg(options, '$property is not valid')));
  return applyDecorators(...decorators);
}

/** An e-mail address, trimmed and lower-cased; a missing or blank one gets the shop's "Enter your email". */
export function EmailField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    doc(options, {
      type: String,
      format: 'email',
      maxLength: 254,
      example: options.example ?? 'jane@example.com',
    }),
    ...presence({ ...options, message: options.message ?? MESSAGES.enterEmail }),
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    IsString(msg(options, MESSAGES.invalidEmail)),
    ...(options.required === false ? [] : [IsNotEmpty(msg(options, MESSAGES.enterEmail))]),
    MaxLength(254, msg(options, MESSAGES.invalidEmail)),
    IsEmail({}, msg(options, MESSAGES.invalidEmail)),
  );
}

export interface NumberFieldOptions extends FieldOptions {
  min?: number;
  max?: number;
}

/** An integer (a JSON number; strings are not converted). */
export function IntField(options: NumberFieldOptions = {}): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    doc(options, { type: 'integer', minimum: options.min, maximum: options.max }),
    ...presence(options),
    IsInt(msg(options, '$property must be a whole number')),
  ];
  if (options.min !== undefined)
    decorators.push(Min(options.min, msg(options, `$property must be at least ${options.min}`)));
  if (options.max !== undefined)
    decorators.push(Max(options.max, msg(options, `$property must be at most ${options.max}`)));
  return applyDecorators(...decorators);
}

export interface DecimalFieldOptions extends NumberFieldOptions {
  /** Default 2. */
  maxDecimals?: number;
}

/** A JSON number with at most `maxDecimals` decimals, within [min, max]. */
export function DecimalField(options: DecimalFieldOptions = {}): PropertyDecorator {
  const maxDecimals = options.maxDecimals ?? 2;
  const decorators: PropertyDecorator[] = [
    doc(options, {
      type: Number,
      minimum: options.min,
      maximum: options.max,
      multipleOf: 10 ** -maxDecimals,
    }),
    ...presence(options),
    // shared-domain's rule rather than class-validator's maxDecimalPlaces, which throws on 1e-7.
    ValidateBy(
      {
        name: 'hasAtMostDecimals',
        validator: {
          validate: (value: unknown) =>
            maxDecimals === 2 ? isPounds(value) : decimalUnits(value, maxDecimals) !== undefined,
        },
      },
      msg(options, `$property must be a number with at most ${maxDecimals} decimals`),
    ),
  ];
  if (options.min !== undefined)
    decorators.push(Min(options.min, msg(options, `$property must be at least ${options.min}`)));
  if (options.max !== undefined)
    decorators.push(Max(options.max, msg(options, `$property must be at most ${options.max}`)));
  return applyDecorators(...decorators);
}

/** An amount in pounds: a number >= 0 with at most 2 decimals (default maximum £1,000,000). */
export function MoneyField(options: NumberFieldOptions = {}): PropertyDecorator {
  return DecimalField({
    example: 3.99,
    ...options,
    min: options.min ?? 0,
    max: options.max ?? 1_000_000,
    maxDecimals: 2,
    description: options.description ?? 'Amount in pounds (at most 2 decimals)',
  });
}

export function BoolField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    doc(options, { type: Boolean }),
    ...presence(options),
    IsBoolean(msg(options, '$property must be true or false')),
  );
}

/** One of a fixed list of strings. `enumName` gives the schema a name in the OpenAPI document. */
export function EnumField(
  values: readonly string[],
  options: FieldOptions & { enumName?: string } = {},
): PropertyDecorator {
  return applyDecorators(
    doc(options, { enum: [...values], enumName: options.enumName, type: String }),
    ...presence(options),
    IsIn([...values], msg(options, `$property must be one of: ${values.join(', ')}`)),
  );
}

export function UuidField(options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    doc(options, { type: String, format: 'uuid' }),
    ...presence(options),
    IsUUID('all', msg(options, '$property must be a valid id')),
  );
}

/** A list of strings (each trimmed, blanks not allowed). */
export function TextListField(
  options: FieldOptions & { maxItems?: number; minItems?: number; maxLength?: number } = {},
): PropertyDecorator {
  const maxItems = options.maxItems ?? 50;
  const maxLength = options.maxLength ?? 1000;
  const decorators: PropertyDecorator[] = [
    doc(options, { type: String, isArray: true, maxItems, minItems: options.minItems }),
    ...presence(options),
    Transform(({ value }) =>
      Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value,
    ),
    IsString({ each: true, ...msg(options, 'each item of $property must be text') }),
    IsNotEmpty({ each: true, ...msg(options, 'items of $property must not be blank') }),
    MaxLength(maxLength, {
      each: true,
      ...msg(options, `each item of $property must be at most ${maxLength} characters`),
    }),
    ArrayMaxSize(maxItems, msg(options, `$property must have at most ${maxItems} items`)),
  ];
  if (options.minItems) {
    decorators.push(
      ArrayMinSize(options.minItems, msg(options, `$property must have at least ${options.minItems} items`)),
    );
  }
  return applyDecorators(...decorators);
}

/** A nested object validated against its own DTO class. */
export function NestedField(typeFn: () => ClassType<unknown>, options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    // Swagger recognises a lazy type only as a function named `type`.
    doc(options, { type: () => typeFn() }),
    ...presence(options),
    IsObject(msg(options, '$property must be an object')),
    ValidateNested(),
    Type(typeFn),
  );
}

/** A list of nested objects, each validated against its DTO class. */
export function NestedListField(
  typeFn: () => ClassType<unknown>,
  options: FieldOptions & { maxItems?: number; minItems?: number; tooFewMessage?: string } = {},
): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    doc(options, {
      type: () => typeFn(),
      isArray: true,
      maxItems: options.maxItems,
      minItems: options.minItems,
    }),
    ...presence(options),
    IsObject({ each: true, ...msg(options, 'each item of $property must be an object') }),
    ValidateNested({ each: true }),
    Type(typeFn),
  ];
  if (options.maxItems !== undefined) {
    decorators.push(
      ArrayMaxSize(options.maxItems, msg(options, `$property must have at most ${options.maxItems} items`)),
    );
  }
  if (options.minItems !== undefined) {
    decorators.push(
      ArrayMinSize(
        options.minItems,
        options.tooFewMessage
          ? { message: options.tooFewMessage }
          : msg(options, `$property must have at least ${options.minItems} items`),
      ),
    );
  }
  return applyDecorators(...decorators);
}

/** Documents a response property (no validation: responses are built by the server). */
export function ResponseField(options: ApiPropertyOptions = {}): PropertyDecorator {
  return ApiProperty(options);
}
