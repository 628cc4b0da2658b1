export interface LocaleMessages {
  [key: string]: string | LocaleMessages;
}
