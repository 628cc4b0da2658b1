/** A provider refused or failed; `permanent` when trying again cannot help (bad key, unknown voice). */
export class SpeechProviderError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'SpeechProviderError';
  }
}

/** Answers a provider's HTTP failure as an error that says whether a retry could help. */
export const providerHttpError = async (engine: string, response: Response): Promise<SpeechProviderError> => {
  const body = (await response.text().catch(() => '')).slice(0, 300);
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
  return new SpeechProviderError(`${engine} answered ${response.status}: ${body}`, permanent);
};
