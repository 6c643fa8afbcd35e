import {
  useMutation,
  type DefaultError,
  type MutateFunctionRest,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { singleFlight } from './single-flight';

/**
 * Every change the web app makes goes through this instead of TanStack's `useMutation` (a lint rule
 * says so): while one call runs, another call of the same mutation sends nothing. Its button shows
 * the call with `loading={mutation.isPending}` (or the spec's busy label and `disabled`), but
 * TanStack tells React about the pending state in a later task, so a double click's second click
 * (or a second Enter) lands on a button that still looks enabled; the guard is shut within the
 * first click. A dropped call never settles, so the first call's outcome is the only one shown.
 */
export function useSingleFlightMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, DefaultError, TVariables>,
): UseMutationResult<TData, DefaultError, TVariables> {
  const mutation = useMutation(options);
  // TanStack's mutateAsync is the observer's bound method: the same function for the hook's life.
  const { mutateAsync: send } = mutation;
  const mutateAsync = useMemo(() => singleFlight(send), [send]);
  // As TanStack's own `mutate`: the outcome goes to the callbacks, a failure is not thrown again.
  const mutate = useCallback(
    (...args: MutateFunctionRest<TData, DefaultError, TVariables>) => {
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
