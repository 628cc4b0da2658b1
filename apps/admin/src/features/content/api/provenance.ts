import { useMutation } from '@tanstack/react-query';
import { call, endpoints } from '../../../shared/lib/api';

/** 内容溯源: sends one file; answers whether we made it, which task, whose and when, and whether its signature holds. */
export const useTraceFile = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(endpoints.consoleProvenance, { form });
    },
  });
