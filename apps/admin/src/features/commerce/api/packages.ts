import { DEFAULT_PRICES, type BodyOf, type Prices } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type PackageInput = BodyOf<typeof endpoints.consolePackageAdd>;

/** The prices of app_config (what a package's gold buys is told at them), their defaults where unset. */
export const getPricesQueryOptions = () =>
  queryOptions({
    queryKey: [CONSOLE_KEY, 'app-config'],
    queryFn: () => call(endpoints.consoleAppConfig),
    // Each number the config holds over its default (read without zod, kept out of the browser bundle).
    select: (config): Prices => {
      const given = (config.values.prices ?? {}) as Record<string, unknown>;
      const prices = { ...DEFAULT_PRICES } as Record<string, number>;
      for (const key of Object.keys(prices)) if (typeof given[key] === 'number') prices[key] = given[key];
      return prices as unknown as Prices;
    },
  });

/** Membership and gold packages: added and edited (there is no delete; a package is switched off by its status). */
export const useAddPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PackageInput) => call(endpoints.consolePackageAdd, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};

export const useUpdatePackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof endpoints.consolePackageUpdate>) =>
      call(endpoints.consolePackageUpdate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_KEY] }),
  });
};
