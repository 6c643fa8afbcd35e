import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors on the form's fields (a 400 or 409 names them), so the user
 * sees each problem where it is. Answers whether any field was marked.
 */
export function applyServerErrors<T extends Record<string, unknown>>(
  form: UseFormReturnType<T>,
  err: unknown,
  fieldFor: (serverField: string) => string = (f) => f,
): boolean {
  if (!(err instanceof ApiError) || err.errors.length === 0) return false;
  form.setErrors(Object.fromEntries(err.errors.map((e) => [fieldFor(e.field), e.message])));
  return true;
}
