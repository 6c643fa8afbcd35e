import { z } from 'zod';

/** A field that must be in the body: absent is "… is required" (null still passes where the field allows it). */
function sent<T extends z.ZodType>(label: string, field: T) {
  return z.preprocess((value, ctx) => {
    if (value === undefined) ctx.addIssue({ code: 'custom', message: `${label} is required` });
    return value;
  }, field) as z.ZodType<z.output<T>, Exclude<z.input<T>, undefined>>;
}

/**
 * A PUT body replaces the whole record, so every field must be sent (null where the field may be
 * empty): a field left out is a 400 naming it, never silently reset. The same fields with
 * `.partial()` make the PATCH body, where a field left out is left as it is; neither may carry
 * defaults, which would fill in what the caller left out.
 */
export function replacementOf<S extends Record<string, z.ZodType>>(
  shape: S,
  labels: { [K in keyof S]: string },
) {
  const required = {} as { [K in keyof S]: ReturnType<typeof sent<S[K]>> };
  for (const key of Object.keys(shape) as Array<keyof S>) required[key] = sent(labels[key], shape[key]);
  return z.object(required);
}
