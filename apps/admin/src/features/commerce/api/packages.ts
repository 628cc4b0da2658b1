import type { BodyOf } from '@app/contract';
import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

export type PackageInput = BodyOf<typeof endpoints.consolePackageAdd>;

/** Membership and gold packages: added and edited (there is no delete; a package is switched off by its status). */
export const useAddPackage = () =>
  useConsoleMutation((body: PackageInput) => call(endpoints.consolePackageAdd, { body }));

export const useUpdatePackage = () =>
  useConsoleMutation((body: BodyOf<typeof endpoints.consolePackageUpdate>) =>
    call(endpoints.consolePackageUpdate, { body }),
  );
