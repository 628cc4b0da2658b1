import { call, endpoints } from '../../../shared/lib/api';
import { useConsoleMutation } from '../../../shared/lib/use-console-mutation';

/** Takes a published work down with the reason its author reads (audited, the author told, unpinned). */
export const useTakeDownWork = () =>
  useConsoleMutation((body: { id: number; reason: string }) =>
    call(endpoints.consoleContentTakeDown, { body }),
  );

/** Publishes a taken-down work again. */
export const useRestoreWork = () =>
  useConsoleMutation((id: number) => call(endpoints.consoleContentRestore, { body: { id } }));

/** Pins a published work to the top of the plaza, or unpins it. */
export const usePinWork = () =>
  useConsoleMutation((body: { id: number; pinned: boolean }) => call(endpoints.consoleContentPin, { body }));
