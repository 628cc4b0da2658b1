import { t } from '../../i18n';

/**
 * Turns an envelope `message` into one line: a string (possibly holding JSON), a list, or an object of
 * field → messages (validation) all become readable text.
 */
export const parseMessage = (message: unknown): string => {
  if (message == null) return '';
  if (typeof message === 'string') {
    const trimmed = message.trim();
    if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
      try {
        return parseMessage(JSON.parse(trimmed) as unknown);
      } catch {
        return trimmed;
      }
    }
    return trimmed;
  }
  if (Array.isArray(message)) return message.map(parseMessage).filter(Boolean).join('\n');
  if (typeof message === 'object') return Object.values(message).map(parseMessage).filter(Boolean).join('\n');
  return String(message);
};

/** Spec §8: HTTP 404 → wrong address, 500 → server error, any other status → timeout. */
export const statusMessage = (status: number): string => {
  if (status === 404) return t('request.wrongAddress');
  if (status === 500) return t('request.serverError');
  return t('request.timeout');
};
