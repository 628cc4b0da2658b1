import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';

export const toEnglish = (text: string) => call(endpoints.aiDrawToEnglish, { body: { text } });

/** Translates a prompt into English (says whether the offline translator did it); nothing stored changes. */
export const useTranslatePrompt = () => useMutation({ mutationFn: toEnglish });
