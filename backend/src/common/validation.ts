import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { InvalidError } from './errors';

/**
 * The first failing property, looking into nested objects: its constraint's message and its path in the body
 * (`nutrition.energyKj`, `cartItems`), which the answer names as `field` so a form can mark the box.
 */
export function firstValidationFailure(
  errors: ValidationError[],
  parent = '',
): { message: string; field: string } | undefined {
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ? Object.values(error.constraints) : [];
    if (constraints.length) return { message: constraints[0], field };
    const nested = error.children?.length ? firstValidationFailure(error.children, field) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

/**
 * A fast check of a hot request body (compiledBodyCheck, ./body-schema.ts): the DTO instance class-transformer
 * would build when the body is certainly valid, undefined otherwise. It accepts only bodies its DTO's decorators
 * accept too (a subset: anything unusual answers undefined), so every refusal and its message still come from the
 * decorators.
 */
export type BodyFastCheck<T> = (body: unknown) => T | undefined;

const fastChecks = new Map<unknown, BodyFastCheck<unknown>>();

/** Registers the fast check of a DTO class used as a request body (see BodyFastCheck). */
export function registerBodyFastCheck<T>(dto: abstract new () => T, check: BodyFastCheck<T>): void {
  fastChecks.set(dto, check);
}

/**
 * The validation pipe with a shortcut for the bodies of the hottest writes (checkout): class-transformer and
 * class-validator cost about 0.3 ms of CPU per checkout, the JSON schema compiled from the DTO's contract a few
 * microseconds. Specs run both on the same bodies.
 */
class ShopValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      const check = fastChecks.get(metadata.metatype);
      const checked = check?.(value);
      if (checked !== undefined) return checked;
    }
    return super.transform(value, metadata);
  }
}

/** Unknown fields rejected, payloads transformed to DTO instances, first message reported. */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => {
    const failure = firstValidationFailure(errors);
    return failure
      ? new InvalidError(failure.message, { field: failure.field })
      : new InvalidError('Invalid request');
  },
};

/** The global pipe (VALIDATION_OPTIONS, with the fast checks of hot bodies). */
export function createValidationPipe(): ValidationPipe {
  return new ShopValidationPipe(VALIDATION_OPTIONS);
}
