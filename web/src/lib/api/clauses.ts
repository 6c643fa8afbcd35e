import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClauseInput, ClauseView, DetailResponse } from '@mfd/contracts';
import { apiRequest } from '../api-client';
import { useSingleFlightMutation } from '../mutation';

const clausesKey = ['clauses'];

/** The company's clause library, oldest first (every member reads it; the Admin area edits it). */
export const useClauses = () =>
  useQuery({ queryKey: clausesKey, queryFn: () => apiRequest<ClauseView[]>('/api/clauses') });

/** A change to the library reads it again; stems keep the wording they were given. */
function useClauseMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clausesKey }),
  });
}

export const useCreateClause = () =>
  useClauseMutation((body: ClauseInput) => apiRequest<ClauseView>('/api/clauses', { method: 'POST', body }));

export const useUpdateClause = () =>
  useClauseMutation(({ id, body }: { id: string; body: ClauseInput }) =>
    apiRequest<ClauseView>(`/api/clauses/${id}`, { method: 'PUT', body }),
  );

export const useDeleteClause = () =>
  useClauseMutation((id: string) => apiRequest<DetailResponse>(`/api/clauses/${id}`, { method: 'DELETE' }));
