import { z } from 'zod';
import { searchText } from './fields';

/** The error shape of DESIGN.md: every non-2xx answer of every service. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const errorResponse = z.object({
  success: z.literal(false),
  detail: z.string(),
  errors: z.array(fieldError).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const detailResponse = z.object({ success: z.literal(true), detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponse>;

export const createdResponse = z.object({ success: z.literal(true), id: z.uuid(), detail: z.string() });
export type CreatedResponse = z.infer<typeof createdResponse>;

export const messageResponse = z.object({ message: z.string() });

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const searchQuery = z.object({
  q: searchText().default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}
