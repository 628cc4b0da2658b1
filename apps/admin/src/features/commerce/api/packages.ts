import { pricesSchema, type BodyOf } from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';
import { CONSOLE_KEY } from '../../../shared/lib/query-keys';

export type PackageInput = BodyOf<typeof endpoints.consolePackageAdd>;

/** The prices of app_config (what a package's gold buys is told at them), their defaults where unset. */
export const getPricesQueryOptions = () =>
  queryOptions({
    queryKey: [CONSOLE_KEY, 'app-config'],
    queryFn: () => call(endpoints.consoleAppConfig),
    select: (config) => {
      const prices = pricesSchema.safeParse(config.values.prices ?? {});
      return prices.success ? prices.data : pricesSchema.parse({});
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
