import { type DefaultError, type UseMutationOptions, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * useMutation that runs one request at a time: while one is in flight, further mutate calls do
 * nothing. isPending reaches the screen only after a render, so a fast double-click (two clicks
 * before the button is disabled) would otherwise send the request twice.
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext> & { mutationFn: (variables: TVariables) => Promise<TData> },
): UseMutationResult<TData, TError, TVariables, TContext> {
  const inFlight = useRef(false);
  const { mutationFn } = options;
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    mutationFn: async (variables) => {
      try {
        return await mutationFn(variables);
      } finally {
        inFlight.current = false;
      }
    },
  });
  const { mutate: run, mutateAsync: runAsync } = mutation;
  const mutate = useCallback(
    (...args: Parameters<typeof run>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      run(...args);
    },
    [run],
  ) as typeof run;
  const mutateAsync = useCallback(
    (...args: Parameters<typeof runAsync>) => {
      if (inFlight.current) return Promise.reject(new Error('The same request is already being sent.'));
      inFlight.current = true;
      return runAsync(...args);
    },
    [runAsync],
  ) as typeof runAsync;
  return { ...mutation, mutate, mutateAsync };
}
