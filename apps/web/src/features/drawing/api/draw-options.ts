import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { drawKeys } from './draw-keys';

/** What the drawing engine offers (styles, prices, limits, whether it runs offline). */
export const drawOptionsQueryOptions = () =>
  queryOptions({
    queryKey: drawKeys.options,
    queryFn: () => call(endpoints.aiDrawOptions, {}, { silent: true }),
    staleTime: 60_000,
  });
