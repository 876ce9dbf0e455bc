import { ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidError } from './errors';

/** The first constraint message of the first failing property, looking into nested objects. */
export function firstValidationMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const constraints = error.constraints ? Object.values(error.constraints) : [];
    if (constraints.length) return constraints[0];
    const nested = error.children?.length ? firstValidationMessage(error.children) : '';
    if (nested) return nested;
  }
  return 'Invalid request';
}

/** The global pipe: unknown fields rejected, payloads transformed to DTO instances, first message reported. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new InvalidError(firstValidationMessage(errors)),
  });
}
